//! A census's results on disk: the [`cache`] that keeps each census under what was asked, the
//! [`shard`]s a large census is split into and merged back from, and the Parquet [`export`] of
//! its per-position table (the `parquet` feature).

pub mod cache;
#[cfg(feature = "parquet")]
pub mod export;
pub mod shard;
