//! census (placeholder until its module lands).
