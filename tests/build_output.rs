//! Where `hackenbook build` writes, run as a process: it replaces only a folder it wrote, never
//! the project, its sources or anyone's files, and the site does not depend on where it is run
//! from.

use crate::serve_support;

use serve_support::TempProject;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `hackenbook --root ROOT build --out OUT`, run from `cwd`.
fn build(cwd: &Path, root: &Path, out: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hackenbook"));
    command
        .current_dir(cwd)
        .arg("--root")
        .arg(root)
        .arg("build");
    if let Some(out) = out {
        command.arg("--out").arg(out);
    }
    command.output().expect("the binary runs")
}

/// Every file under `dir` with its bytes, sorted by path.
fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let bytes = fs::read(e.path()).unwrap();
            (e.path().strip_prefix(dir).unwrap().to_path_buf(), bytes)
        })
        .collect();
    files.sort();
    files
}

/// Builds into `out` and expects a refusal that leaves the whole project as it was.
fn refused(project: &TempProject, out: &Path, why: &str) {
    let before = tree(project.root());
    let output = build(project.root(), project.root(), Some(out));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{}: {stderr}", out.display());
    assert!(stderr.contains("refusing"), "{stderr}");
    assert!(stderr.contains(why), "expected `{why}` in: {stderr}");
    assert_eq!(tree(project.root()), before, "nothing was touched");
}

#[test]
fn the_essays_folder_is_refused() {
    let project = TempProject::good_typeset();
    refused(&project, Path::new("essays"), "it is the essays folder");
}

#[test]
fn the_project_root_is_refused() {
    let project = TempProject::good_typeset();
    project.write("hackenbook.toml", "title = \"Mine\"\n");
    refused(&project, Path::new("."), "it is the project folder");
    refused(&project, project.root(), "it is the project folder");
}

#[test]
fn the_templates_folder_is_refused() {
    let project = TempProject::good_typeset();
    refused(
        &project,
        Path::new("templates"),
        "it is the templates folder",
    );
}

#[test]
fn a_folder_holding_the_project_is_refused() {
    let outer = tempfile::tempdir().unwrap();
    let root = outer.path().join("work/book");
    let good = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/good/essays");
    serve_support::copy_dir(&good, &root.join("essays"));
    let before = tree(outer.path());
    for out in [outer.path().join("work"), root.join("..")] {
        let output = build(&root, &root, Some(&out));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains("it holds the project folder"), "{stderr}");
        assert_eq!(tree(outer.path()), before, "nothing was touched");
    }
}

#[test]
fn a_folder_inside_the_sources_is_refused() {
    let project = TempProject::good_typeset();
    refused(
        &project,
        Path::new("essays/site"),
        "inside the essays folder",
    );
    refused(
        &project,
        Path::new("templates/out"),
        "inside the templates folder",
    );
}

#[test]
fn a_folder_of_other_files_is_refused() {
    let project = TempProject::good_typeset();
    fs::create_dir(project.path("notes")).unwrap();
    project.write("notes/thesis.tex", "years of work");
    refused(
        &project,
        Path::new("notes"),
        "is not a site hackenbook built",
    );
}

#[test]
fn a_regular_file_is_refused() {
    let project = TempProject::good_typeset();
    project.write("site", "not a folder");
    refused(&project, Path::new("site"), "is a file");
}

#[test]
fn a_file_added_to_the_site_is_refused() {
    let project = TempProject::good_typeset();
    let first = build(project.root(), project.root(), None);
    assert!(first.status.success(), "{first:?}");
    project.write("site/my-notes.txt", "mine");
    refused(&project, Path::new("site"), "`my-notes.txt`");
}

#[test]
fn its_own_site_and_an_empty_folder_are_replaced() {
    let project = TempProject::good_typeset();
    for _ in 0..2 {
        let output = build(project.root(), project.root(), None);
        assert!(output.status.success(), "{output:?}");
    }
    fs::create_dir(project.path("empty")).unwrap();
    let output = build(project.root(), project.root(), Some(Path::new("empty")));
    assert!(output.status.success(), "{output:?}");
    assert!(project.path("empty/index.html").is_file());
    assert_eq!(tree(&project.path("site")), tree(&project.path("empty")));
}

#[test]
fn the_site_is_the_same_whatever_the_working_directory() {
    let project = TempProject::good_typeset();
    let root = project.root();
    let parent = root.parent().unwrap();
    let name = Path::new(root.file_name().unwrap());
    let mut sites = Vec::new();
    for (cwd, root_arg) in [
        (root, Path::new(".")),
        (parent, name),
        (Path::new("/"), root),
    ] {
        let output = build(cwd, root_arg, None);
        assert!(
            output.status.success(),
            "from {}: {output:?}",
            cwd.display()
        );
        sites.push(tree(&project.path("site")));
    }
    assert_eq!(sites[0], sites[1]);
    assert_eq!(sites[0], sites[2]);
    let page = project.read("site/first.html");
    // The page is for readers: no source path (Tera escapes `/` as `&#x2F;`), no source line.
    assert!(
        page.contains("class=\"notebook\"")
            && !page.contains("essays&#x2F;")
            && !page.contains("essays/")
            && !page.contains("first.md"),
        "a source path in the reader's page"
    );
    assert!(
        !page.contains("title=\"line "),
        "a source line in the reader's page"
    );
    assert!(
        !page.contains(&*root.to_string_lossy()),
        "no absolute path in the page"
    );
}

#[test]
fn an_empty_essays_folder_keeps_the_previous_site() {
    let project = TempProject::good_typeset();
    assert!(build(project.root(), project.root(), None).status.success());
    let before = tree(&project.path("site"));
    for essay in ["first.md", "second.md"] {
        fs::remove_file(project.path("essays").join(essay)).unwrap();
    }
    let output = build(project.root(), project.root(), None);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("holds no essays"));
    assert_eq!(tree(&project.path("site")), before);
}

#[cfg(unix)]
#[test]
fn one_build_writes_a_site_at_a_time_and_says_who_holds_it() {
    let project = TempProject::good_typeset();
    // Another process holding the lock (as a second `hackenbook build`, or `serve` rebuilding,
    // would): the build is refused with its id, and writes nothing.
    let mut holder = Command::new("sleep").arg("60").spawn().unwrap();
    let lock = project.path(".site.lock");
    fs::write(
        &lock,
        format!("hackenbook pid {}\nhackenbook build\n", holder.id()),
    )
    .unwrap();
    let output = build(project.root(), project.root(), None);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "`hackenbook build` (pid {}) is writing",
            holder.id()
        )) && stderr.contains("try again when it has finished"),
        "{stderr}"
    );
    assert!(!project.path("site").exists());
    // Once it has ended, its lock is a leftover: cleared, and the build goes through.
    holder.kill().unwrap();
    holder.wait().unwrap();
    let output = build(project.root(), project.root(), None);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(project.path("site/index.html").is_file() && !lock.exists());
}

#[test]
fn a_staging_folder_left_bare_by_a_kill_blocks_no_build() {
    let project = TempProject::good_typeset();
    // Killed after creating the staging folder, before its manifest: it once refused every
    // later build ("was not made by hackenbook").
    fs::create_dir(project.path(".site.new")).unwrap();
    let output = build(project.root(), project.root(), None);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(!project.path(".site.new").exists());
}
