//! Tests of the picture reader on pictures of real sources and of our own.
