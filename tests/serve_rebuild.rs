//! The rebuilds of `serve` against full builds: after each edit (prose, a position, a new essay,
//! an essay gone, a template, the configuration), the site `serve` updated in place — pages
//! first, what is global to the site after — holds byte for byte what a fresh `build` of the
//! same sources writes, file for file, the manifest included; and only the edited essay is
//! checked again.

use crate::serve_support;

use hackenbook_book::driver::rebuild::Rebuilder;
use hackenbook_book::driver::{self, Project};
use serve_support::TempProject;
use std::collections::BTreeMap;
use std::path::Path;

/// Every file under `dir`, by its path inside it.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let name = e
                .path()
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            (name, std::fs::read(e.path()).unwrap())
        })
        .collect()
}

/// Rebuilds in place (pages, then the rest), then builds the same sources afresh elsewhere, and
/// compares the two folders; returns how many essays the rebuild checked.
fn rebuild_matches_a_full_build(rebuilder: &mut Rebuilder, project: &TempProject) -> usize {
    let written = rebuilder
        .pages(None)
        .unwrap_or_else(|f| panic!("the rebuild failed:\n{}", f.render()));
    let rechecked = written.rechecked;
    if let Some(later) = written.later {
        assert!(rebuilder.finish(later, || false).unwrap(), "not stopped");
    }
    let fresh = tempfile::tempdir().unwrap();
    let full = Project {
        out_dir: fresh.path().join("site"),
        ..Project::at(project.root())
    };
    driver::build(&full).unwrap_or_else(|f| panic!("the full build failed:\n{}", f.render()));
    let (served, built) = (files(&project.path("site")), files(&full.out_dir));
    let names = |m: &BTreeMap<String, Vec<u8>>| m.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&served), names(&built), "the same files");
    for (name, bytes) in &served {
        assert!(bytes == &built[name], "{name} differs from a full build's");
    }
    // Nothing of the rebuild's is left beside the site but its lock.
    let beside: Vec<String> = std::fs::read_dir(project.root())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".site"))
        .collect();
    assert_eq!(beside, [".site.lock"]);
    rechecked
}

#[test]
fn every_kind_of_edit_ends_in_the_full_build_s_site() {
    let project = TempProject::good_typeset();
    let mut rebuilder = Rebuilder::new(Project::at(project.root())).unwrap();
    assert_eq!(rebuild_matches_a_full_build(&mut rebuilder, &project), 2);
    let first = project.read("essays/first.md");
    let prose = first.replace("for more.", "for more, and a word with ŋ, a new glyph.");
    project.write("essays/first.md", &prose);
    assert_eq!(
        rebuild_matches_a_full_build(&mut rebuilder, &project),
        1,
        "prose"
    );
    let position = format!("{prose}\n```hackenbush\nLRRLR\n```\n");
    project.write("essays/first.md", &position);
    assert_eq!(
        rebuild_matches_a_full_build(&mut rebuilder, &project),
        1,
        "a position"
    );
    let second = project.read("essays/second.md");
    let third = second
        .replace("slug = \"second\"", "slug = \"third\"")
        .replace("rung = 2", "rung = 3");
    assert_ne!(third, second, "the fixture names its slug and rung so");
    project.write("essays/third.md", &third);
    assert_eq!(
        rebuild_matches_a_full_build(&mut rebuilder, &project),
        1,
        "an essay added"
    );
    std::fs::remove_file(project.path("essays/third.md")).unwrap();
    assert_eq!(
        rebuild_matches_a_full_build(&mut rebuilder, &project),
        0,
        "an essay gone"
    );
    // A template and the configuration at once: every page changes, and a sitemap appears.
    let base = project.read("templates/base.html");
    project.write(
        "templates/base.html",
        &base.replace("</head>", "<meta name=x content=y>\n</head>"),
    );
    project.write(
        "hackenbook.toml",
        "title = \"Fixtures\"\nbase_url = \"https://example.org/f/\"\n",
    );
    assert_eq!(
        rebuild_matches_a_full_build(&mut rebuilder, &project),
        0,
        "a sitemap appears"
    );
    project.write("hackenbook.toml", "title = \"Fixtures\"\n");
    assert_eq!(
        rebuild_matches_a_full_build(&mut rebuilder, &project),
        0,
        "and goes"
    );
}

/// An essay whose check failed is checked again at the next build, and the site keeps its last
/// good pages meanwhile.
#[test]
fn a_failed_essay_is_checked_again_and_the_site_keeps_its_pages() {
    let project = TempProject::good_typeset();
    let mut rebuilder = Rebuilder::new(Project::at(project.root())).unwrap();
    rebuild_matches_a_full_build(&mut rebuilder, &project);
    let before = files(&project.path("site"));
    let first = project.read("essays/first.md");
    project.write(
        "essays/first.md",
        &first.replace("{1/2 = value of lr}", "{3/4 = value of lr}"),
    );
    let failure = rebuilder.pages(None).err().expect("a wrong claim fails");
    assert!(failure.render().contains("3/4"), "{}", failure.render());
    assert_eq!(files(&project.path("site")), before, "nothing written");
    let failure = rebuilder.pages(None).err().expect("and fails again");
    assert!(failure.render().contains("3/4"), "{}", failure.render());
    project.write("essays/first.md", &first);
    assert_eq!(rebuild_matches_a_full_build(&mut rebuilder, &project), 1);
}

/// An essay that names another essay's position (`first/lr`) depends on that essay: an edit of
/// the position it borrows is seen by it (its claim fails), as a full build sees it, and a
/// mention that goes away makes the position unused again where it is defined.
#[test]
fn an_essay_that_borrows_a_position_sees_the_lender_s_edit() {
    let project = TempProject::good_typeset();
    let second = project.read("essays/second.md");
    let borrowing = format!("{second}\nThe first essay's stalk, `{{1/2 = value of first/lr}}`.\n");
    project.write("essays/second.md", &borrowing);
    let mut rebuilder = Rebuilder::new(Project::at(project.root())).unwrap();
    assert_eq!(rebuild_matches_a_full_build(&mut rebuilder, &project), 2);
    // The lender changes `lr` (and its own claims with it): only the borrower's claim is wrong.
    let first = project.read("essays/first.md");
    let changed = first
        .replace(
            "```hackenbush lr\nLR\nvalue = 1/2\nleft = 0\nright = 1\n",
            "```hackenbush lr\nLRR\nvalue = 1/4\nleft = 0\nright = 1, 1/2\n",
        )
        .replace("{1/2 = value of lr}", "{1/4 = value of lr}")
        .replace("lr + lr + -1 = 0", "lr + lr + -1/2 = 0");
    assert_ne!(
        changed, first,
        "the fixture's `lr` block is as this test expects"
    );
    project.write("essays/first.md", &changed);
    let failure = rebuilder
        .pages(None)
        .err()
        .expect("the borrower's claim fails");
    let text = failure.render();
    assert!(text.contains("second.md"), "{text}");
    assert!(!text.contains("first.md"), "the lender holds: {text}");
    project.write("essays/first.md", &first);
    assert_eq!(rebuild_matches_a_full_build(&mut rebuilder, &project), 2);
    // The mention goes: both essays are checked again, and the site is a full build's.
    project.write("essays/second.md", &second);
    assert_eq!(rebuild_matches_a_full_build(&mut rebuilder, &project), 2);
    assert_eq!(rebuild_matches_a_full_build(&mut rebuilder, &project), 0);
}
