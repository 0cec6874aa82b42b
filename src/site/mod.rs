//! site (placeholder until its module lands).
