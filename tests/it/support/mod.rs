//! Code shared by integration tests.

pub mod archives;
pub mod gbr;
pub mod prose;
pub mod saved;
pub mod summary;

/// A fixed sequence of numbers in 0..1 (a linear congruential generator), so that a test that
/// picks moments or lengths at random can be replayed from its seed.
pub struct Moments(pub u64);

impl Moments {
    /// The next number, in 0..1.
    pub fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}
