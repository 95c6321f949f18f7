//! The memory `gbr index` may give its sort by default (docs/directory.md, `--memory`): a
//! quarter of what this process may use, so that the sort, the book held for its merge, the
//! scan's buffers and the runs read back fit together.

/// The least memory a default budget gives the sort: below it each run would hold a few
/// hundred records.
const FLOOR: u64 = 16 << 20;

/// The machine's memory where nothing says it: 4 GiB.
const UNKNOWN: u64 = 4 << 30;

/// A quarter of the least of the machine's memory (`MemTotal` of /proc/meminfo), the limit of
/// its control group (cgroup v2 `memory.max`, v1 `memory.limit_in_bytes`) and its
/// address-space limit (`RLIMIT_AS`, `ulimit -v`), in bytes; at least [`FLOOR`].
pub fn default_budget() -> u64 {
    let limits = [machine(), control_group(), address_space()];
    let least = limits.into_iter().flatten().min().unwrap_or(UNKNOWN);
    (least / 4).max(FLOOR)
}

/// `MemTotal` of /proc/meminfo, in bytes.
fn machine() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The memory limit of this process's control group, where it has one: the group named by
/// /proc/self/cgroup under the unified hierarchy (`memory.max`, `max` for none), else the v1
/// memory controller's `memory.limit_in_bytes` (a number near 2^63 for none).
fn control_group() -> Option<u64> {
    let groups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let read = |path: String| -> Option<u64> {
        let text = std::fs::read_to_string(path).ok()?;
        text.trim().parse().ok().filter(|&n: &u64| n < 1 << 60)
    };
    for line in groups.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        let path = path.trim_end_matches('/');
        if controllers.is_empty() {
            if let Some(n) = read(format!("/sys/fs/cgroup{path}/memory.max")) {
                return Some(n);
            }
        } else if controllers.split(',').any(|c| c == "memory") {
            let v1 = format!("/sys/fs/cgroup/memory{path}/memory.limit_in_bytes");
            if let Some(n) = read(v1) {
                return Some(n);
            }
        }
    }
    None
}

/// The soft address-space limit of this process (`RLIMIT_AS`), where there is one.
fn address_space() -> Option<u64> {
    #[cfg(unix)]
    {
        rustix::process::getrlimit(rustix::process::Resource::As).current
    }
    #[cfg(not(unix))]
    {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_a_quarter_of_the_least_limit_and_at_least_the_floor() {
        let budget = default_budget();
        assert!(budget >= FLOOR);
        for limit in [machine(), control_group(), address_space()]
            .into_iter()
            .flatten()
        {
            assert!(budget <= (limit / 4).max(FLOOR), "{budget} against {limit}");
        }
    }
}
