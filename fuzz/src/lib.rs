//! Fuzz targets of gbrscan: the properties in `properties.rs`, run by AFL (docs/reliability.md).

mod properties;

pub use properties::*;
