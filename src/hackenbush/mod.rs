//! Hackenbush positions: graphs standing on a ground, their notation, moves, values and drawings.
pub mod colour;
pub mod draw;

pub use colour::Colour;
