//! What every layer of hackenbook uses and that knows no game: where an error is (`located`),
//! HTML escaping (`escape`), the one deep stack (`stack`), the names of the methods a value was
//! obtained by (`provenance`), the nearest known name for a message (`suggest`), reading and
//! writing files safely (`files`) and what a build believes without computing it (`trust`: the
//! fingerprint of the computing code, the user's key and the seal); and the clocks the
//! benchmarks read (`bench`).
pub mod bench;
pub mod escape;
pub mod files;
pub mod located;
pub mod provenance;
pub mod stack;
pub mod suggest;
pub mod trust;
