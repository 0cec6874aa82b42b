//! Replacing the output folder whole.
//!
//! The one idea: **build the new site beside the old one, then swap folders with two renames**,
//! so that any failure before the swap (a template error, a full disk) leaves the previous site
//! exactly as it was, and a reader never sees half of one build and half of another. The new
//! folder is a hidden sibling (`.NAME.new`), on the same file system, so `rename` is cheap and
//! does not copy; the old one is renamed to `.NAME.old` and deleted after the swap.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Fills a fresh folder with `fill` and puts it in place of `out_dir`. On any error from `fill`
/// the fresh folder is removed and `out_dir` is not touched.
pub fn publish<E>(
    out_dir: &Path,
    fill: impl FnOnce(&Path) -> Result<(), E>,
) -> Result<(), PublishError<E>> {
    let siblings = Siblings::of(out_dir).map_err(PublishError::Io)?;
    // A run killed between the two renames of a fallback swap left the old site at `.old`:
    // put it back before anything else, so it is whole again whatever happens next.
    if fs::symlink_metadata(out_dir).is_err() && fs::symlink_metadata(&siblings.old).is_ok() {
        fs::rename(&siblings.old, out_dir).map_err(PublishError::Io)?;
    }
    // Leftovers of an interrupted earlier run are ours to clear.
    remove_if_present(&siblings.new).map_err(PublishError::Io)?;
    remove_if_present(&siblings.old).map_err(PublishError::Io)?;
    fs::create_dir_all(&siblings.new).map_err(PublishError::Io)?;
    if let Err(e) = fill(&siblings.new) {
        let _ = fs::remove_dir_all(&siblings.new);
        return Err(PublishError::Fill(e));
    }
    swap(out_dir, &siblings).map_err(PublishError::Io)
}

/// Why publishing failed: the caller's own error while filling the folder, or the file system.
#[derive(Debug)]
pub enum PublishError<E> {
    Fill(E),
    Io(io::Error),
}

/// The two hidden siblings of the output folder.
struct Siblings {
    new: PathBuf,
    old: PathBuf,
}

impl Siblings {
    fn of(out_dir: &Path) -> io::Result<Siblings> {
        let name = out_dir.file_name().ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("output path {} does not name a folder", out_dir.display()),
            )
        })?;
        let parent = match out_dir.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        fs::create_dir_all(&parent)?;
        let hidden = |suffix: &str| {
            let mut n = std::ffi::OsString::from(".");
            n.push(name);
            n.push(suffix);
            parent.join(n)
        };
        Ok(Siblings {
            new: hidden(".new"),
            old: hidden(".old"),
        })
    }
}

/// New in, old out. Where the kernel can exchange two names in one step, nothing can interrupt
/// the swap; elsewhere, two renames, and if the second fails the old folder goes back.
fn swap(out_dir: &Path, siblings: &Siblings) -> io::Result<()> {
    let had_old = fs::symlink_metadata(out_dir).is_ok();
    if had_old && exchange(&siblings.new, out_dir).is_ok() {
        // The old site now sits at `.new`; a stale copy is cleared by the next run.
        let _ = remove_if_present(&siblings.new);
        return Ok(());
    }
    if had_old {
        fs::rename(out_dir, &siblings.old)?;
    }
    if let Err(e) = fs::rename(&siblings.new, out_dir) {
        if had_old {
            let _ = fs::rename(&siblings.old, out_dir);
        }
        let _ = fs::remove_dir_all(&siblings.new);
        return Err(e);
    }
    if had_old {
        // The new site is already in place; a stale `.old` is cleared by the next run.
        let _ = remove_if_present(&siblings.old);
    }
    Ok(())
}

/// Swaps two paths atomically (Linux `renameat2` with `RENAME_EXCHANGE`).
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let c = |p: &Path| {
        CString::new(p.as_os_str().as_bytes())
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a NUL in a path"))
    };
    let (a, b) = (c(a)?, c(b)?);
    // SAFETY: both pointers are valid NUL-terminated strings for the duration of the call.
    let status = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if status == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "no atomic exchange",
    ))
}

fn remove_if_present(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => fs::remove_dir_all(path),
        Ok(_) => fs::remove_file(path),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn replaces_the_folder_and_leaves_no_siblings() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        fs::create_dir(&out).unwrap();
        fs::write(out.join("stale.html"), "old").unwrap();
        publish::<io::Error>(&out, |dir| fs::write(dir.join("index.html"), "new")).unwrap();
        assert_eq!(names(&out), ["index.html"]);
        assert_eq!(names(root.path()), ["site"]);
    }

    #[test]
    fn failure_while_filling_keeps_the_old_folder() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        fs::create_dir(&out).unwrap();
        fs::write(out.join("index.html"), "old").unwrap();
        let result = publish(&out, |dir| {
            fs::write(dir.join("index.html"), "half").unwrap();
            Err("template exploded")
        });
        assert!(matches!(
            result,
            Err(PublishError::Fill("template exploded"))
        ));
        assert_eq!(fs::read_to_string(out.join("index.html")).unwrap(), "old");
        assert_eq!(names(root.path()), ["site"]);
    }

    #[test]
    fn creates_a_missing_output_folder() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("deep/site");
        publish::<io::Error>(&out, |dir| fs::write(dir.join("a"), "x")).unwrap();
        assert_eq!(names(&out), ["a"]);
    }

    #[test]
    fn clears_leftovers_of_an_interrupted_run() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        fs::create_dir_all(root.path().join(".site.new/junk")).unwrap();
        fs::create_dir_all(root.path().join(".site.old")).unwrap();
        publish::<io::Error>(&out, |dir| fs::write(dir.join("a"), "x")).unwrap();
        assert_eq!(names(root.path()), ["site"]);
        assert_eq!(names(&out), ["a"]);
    }

    #[test]
    fn a_run_killed_between_two_renames_gets_the_old_site_back() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        publish::<io::Error>(&out, |dir| fs::write(dir.join("old"), "x")).unwrap();
        // As if killed after moving the old site away and before moving the new one in.
        fs::rename(&out, root.path().join(".site.old")).unwrap();
        fs::create_dir_all(root.path().join(".site.new/half")).unwrap();
        let failed = publish::<io::Error>(&out, |_| Err(io::Error::other("template error")));
        assert!(failed.is_err());
        assert_eq!(names(root.path()), ["site"]);
        assert_eq!(names(&out), ["old"]);
    }

    #[test]
    fn the_swap_leaves_only_the_new_site() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        publish::<io::Error>(&out, |dir| fs::write(dir.join("first"), "1")).unwrap();
        publish::<io::Error>(&out, |dir| fs::write(dir.join("second"), "2")).unwrap();
        assert_eq!(names(&out), ["second"]);
        assert_eq!(names(root.path()), ["site"]);
    }
}
