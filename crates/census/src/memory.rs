//! The memory a census may take: what the machine has available now, read before it starts.
//!
//! The one idea: a census whose estimated peak ([`super::families::forests::Cost::peak_bytes`]) is more
//! than the machine can give is refused before it starts, in words, instead of being killed
//! midway (and taking `serve` with it). The machine's figure is Linux's own estimate of what a
//! new process can have without swapping (`MemAvailable` in `/proc/meminfo`), or the control
//! group's limit less its usage when that is smaller (a container, a Slurm task); where neither
//! can be read, nothing is refused.

use super::families::bytes;
use std::fs;

/// The bytes this process can still have, if the system says.
pub fn available() -> Option<u128> {
    let meminfo = fs::read_to_string("/proc/meminfo").ok().and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kb: u128 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    });
    let number = |path: &str| fs::read_to_string(path).ok()?.trim().parse::<u128>().ok();
    // cgroup v2, then v1; an unlimited group reads `max` (v2) or a huge number (v1).
    let group = [
        ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"),
        (
            "/sys/fs/cgroup/memory/memory.limit_in_bytes",
            "/sys/fs/cgroup/memory/memory.usage_in_bytes",
        ),
    ]
    .into_iter()
    .find_map(|(limit, usage)| Some(number(limit)?.saturating_sub(number(usage)?)));
    match (meminfo, group) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// `Ok` when a run that peaks at about `peak` bytes fits in what the machine has available;
/// otherwise the refusal, in words.
pub fn fits(peak: u128) -> Result<(), String> {
    check(peak, available())
}

fn check(peak: u128, available: Option<u128>) -> Result<(), String> {
    match available {
        Some(free) if peak > free => Err(format!(
            "it would need about {} of memory at its peak, and this machine has {} available: \
             refused before it starts (a smaller census, or shards on machines with more \
             memory: see `hackenbook census shard`)",
            bytes(peak),
            bytes(free)
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_larger_than_the_memory_available_is_refused_in_words() {
        assert!(check(2 << 30, Some(4 << 30)).is_ok());
        assert!(check(2 << 30, None).is_ok());
        let why = check(6 << 30, Some(4 << 30)).unwrap_err();
        assert!(
            why.contains("about 6.0 GB") && why.contains("4.0 GB available"),
            "{why}"
        );
    }

    #[test]
    fn this_machine_says_what_it_has() {
        if cfg!(target_os = "linux") {
            let free = available().expect("Linux has /proc/meminfo");
            assert!(free > 1 << 20, "{free}");
        }
    }
}
