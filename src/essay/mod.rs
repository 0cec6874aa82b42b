//! essay (placeholder until its module lands).
