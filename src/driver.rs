//! The driver: load → check → render. `check` stops before anything is written; `build` renders the
//! checked pages and swaps the new site into place only when every essay passed, so a failed build
//! leaves the previous site whole.

use crate::check::{self, CheckOptions, CheckedEssay};
use crate::essay::{self, Diagnostic, SourceFile};
use crate::page;
use crate::site;
use crate::site::render::{PageModel, SiteModel};
use std::path::{Path, PathBuf};

/// The site's name when `hackenbook.toml` gives none.
pub const SITE_TITLE: &str = "hackenbook";

/// The project's configuration, `hackenbook.toml` in its root; every key is optional.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The site's name, shown on the index and in every page's title.
    #[serde(default = "default_title")]
    pub title: String,
}

fn default_title() -> String {
    SITE_TITLE.to_string()
}

/// Reads the configuration file if there is one; a bad file is a located problem.
pub fn load_config(project: &Project) -> Result<Config, Failure> {
    let Some(path) = project.config_file.as_deref().filter(|p| p.exists()) else {
        return Ok(Config {
            title: default_title(),
        });
    };
    let file = SourceFile::read(path)
        .map_err(|e| Failure::Other(format!("cannot read {}: {e}", path.display())))?;
    toml::from_str(&file.text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        Failure::Problems(vec![Diagnostic::new(
            &file,
            span,
            format!("bad configuration: {}", e.message()),
        )
        .help("hackenbook.toml takes: title")])
    })
}

/// Where a project keeps its parts; `Project::at(root)` gives the conventional layout.
#[derive(Clone, Debug)]
pub struct Project {
    pub essays_dir: PathBuf,
    pub templates_dir: PathBuf,
    pub out_dir: PathBuf,
    pub cache_dir: Option<PathBuf>,
    /// `hackenbook.toml`, read when it exists.
    pub config_file: Option<PathBuf>,
}

impl Project {
    pub fn at(root: &Path) -> Project {
        Project {
            essays_dir: root.join("essays"),
            templates_dir: root.join("templates"),
            out_dir: root.join("site"),
            cache_dir: Some(root.join(".hackenbook-cache")),
            config_file: Some(root.join("hackenbook.toml")),
        }
    }
}

/// Why a run failed: located problems in essays, or trouble outside them.
#[derive(Debug)]
pub enum Failure {
    Problems(Vec<Diagnostic>),
    Other(String),
}

impl Failure {
    pub fn render(&self) -> String {
        match self {
            Failure::Problems(d) => essay::diagnostic::render_all(d),
            Failure::Other(message) => format!("error: {message}\n"),
        }
    }
}

/// Everything a successful check produced, in ladder order.
pub struct Checked {
    pub config: Config,
    pub essays: Vec<CheckedEssay>,
    pub pages: Vec<PageModel>,
}

/// Reads `*.md` under the essays folder, in a stable order.
pub fn load(essays_dir: &Path) -> Result<Vec<SourceFile>, Failure> {
    if !essays_dir.is_dir() {
        return Err(Failure::Other(format!(
            "no essays folder at {}",
            essays_dir.display()
        )));
    }
    let mut paths: Vec<PathBuf> = walkdir::WalkDir::new(essays_dir)
        .max_depth(1)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            SourceFile::read(p)
                .map_err(|e| Failure::Other(format!("cannot read {}: {e}", p.display())))
        })
        .collect()
}

/// Parses, evaluates and typesets every essay; reports every problem of the run together.
pub fn check(project: &Project) -> Result<Checked, Failure> {
    let (checked, problems) = check_all(project)?;
    if problems.is_empty() {
        Ok(checked)
    } else {
        Err(Failure::Problems(problems))
    }
}

/// Everything a check computed, with the problems it found: `claims` lists the claims of a run
/// that failed too. `Err` only when the essays could not be read at all.
pub fn check_all(project: &Project) -> Result<(Checked, Vec<Diagnostic>), Failure> {
    let config = load_config(project)?;
    let files = load(&project.essays_dir)?;
    let mut problems = Vec::new();
    let mut parsed = Vec::new();
    for file in &files {
        match essay::parse_essay(file) {
            Ok(e) => parsed.push(e),
            Err(mut d) => problems.append(&mut d),
        }
    }
    problems.extend(duplicate_slugs(&parsed));
    parsed.sort_by(|a, b| (a.front.rung, &a.front.slug).cmp(&(b.front.rung, &b.front.slug)));
    let options = CheckOptions {
        cache_dir: project.cache_dir.clone(),
    };
    let essays: Vec<CheckedEssay> = check::check_essays(parsed, &options, &mut problems);
    problems.extend(check::check_links(&essays));
    let pages: Vec<PageModel> = essays
        .iter()
        .map(|e| page::build_page(e, &mut problems))
        .collect();
    Ok((
        Checked {
            config,
            essays,
            pages,
        },
        problems,
    ))
}

/// What a build wrote.
pub struct BuildReport {
    pub pages: usize,
    pub positions: usize,
    pub claims: usize,
    pub out_dir: PathBuf,
}

pub fn build(project: &Project) -> Result<BuildReport, Failure> {
    let checked = check(project)?;
    let model = SiteModel {
        title: checked.config.title.clone(),
        essays: checked.pages.clone(),
    };
    site::render::render_site(&model, &project.templates_dir, &project.out_dir)
        .map_err(|e| Failure::Other(format!("writing the site failed: {e}")))?;
    Ok(BuildReport {
        pages: checked.pages.len(),
        positions: checked
            .essays
            .iter()
            .flat_map(|e| &e.outcomes)
            .filter(|o| matches!(o, check::Outcome::Position(_)))
            .count(),
        claims: checked.essays.iter().map(|e| e.claims.len()).sum(),
        out_dir: project.out_dir.clone(),
    })
}

fn duplicate_slugs(essays: &[essay::Essay]) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for (i, e) in essays.iter().enumerate() {
        if let Some(first) = essays[..i].iter().find(|o| o.front.slug == e.front.slug) {
            problems.push(
                Diagnostic::new(
                    &e.file,
                    0..3,
                    format!("slug `{}` is already used", e.front.slug),
                )
                .help(format!("{} has the same slug", first.file.display_path())),
            );
        }
    }
    problems
}
