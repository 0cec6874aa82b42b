//! The driver: load → check → render. `check` stops before anything is written; `build` renders the
//! checked pages and swaps the new site into place only when every essay passed, so a failed build
//! leaves the previous site whole.

use crate::check::{self, CheckOptions, CheckedEssay};
use crate::essay::diagnostic::{MessageFormat, Run};
use crate::essay::source::ReadError;
use crate::essay::{self, Diagnostic, SourceFile};
use crate::page;
use crate::site;
use crate::site::render::{PageModel, SiteModel};
use std::path::{Path, PathBuf};

pub mod rebuild;

/// The site's name when `hackenbook.toml` gives none.
pub const SITE_TITLE: &str = "hackenbook";

/// The project's configuration, `hackenbook.toml` in its root; every key is optional.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The site's name, shown on the index and in every page's title.
    #[serde(default = "default_title")]
    pub title: String,
    /// The address the site is published at (`https://user.github.io/project/`), for the
    /// canonical links, Open Graph, the sitemap and the feed; read by [`load_config`], which
    /// checks it and makes it end in `/`.
    #[serde(default)]
    pub base_url: Option<toml::Spanned<String>>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            title: default_title(),
            base_url: None,
        }
    }
}

impl Config {
    /// The checked `base_url`, ending in `/`.
    pub fn base_url(&self) -> Option<String> {
        self.base_url.as_ref().map(|b| b.get_ref().clone())
    }
}

fn default_title() -> String {
    SITE_TITLE.to_string()
}

/// What is wrong with a `base_url`, if anything: an absolute `http(s)` address of a folder,
/// with nothing a page's file name could not follow.
fn base_url_problem(url: &str) -> Option<&'static str> {
    let Some(rest) = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
    else {
        return Some("must start with https:// (or http://)");
    };
    if rest.is_empty() || rest.starts_with('/') {
        return Some("names no host");
    }
    if url.contains(['?', '#']) || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Some("may not hold a query (`?`), a fragment (`#`) or blanks");
    }
    None
}

/// Reads the configuration file if there is one; a bad file is a located problem.
pub fn load_config(project: &Project) -> Result<Config, Failure> {
    let Some(path) = project.config_file.as_deref().filter(|p| p.exists()) else {
        return Ok(Config::default());
    };
    let file = read_source(path, &project.root)?;
    let bad = |span, message: String| {
        Failure::Problems(vec![Diagnostic::new(
            &file,
            span,
            format!("bad configuration: {message}"),
        )
        .help("hackenbook.toml takes: title, base_url")])
    };
    let mut config: Config = toml::from_str(&file.text)
        .map_err(|e| bad(e.span().unwrap_or(0..0), e.message().into()))?;
    if let Some(base_url) = &mut config.base_url {
        if let Some(problem) = base_url_problem(base_url.get_ref()) {
            return Err(bad(
                base_url.span(),
                format!("base_url `{}` {problem}", base_url.get_ref()),
            ));
        }
        if !base_url.get_ref().ends_with('/') {
            let span = base_url.span();
            let url = format!("{}/", base_url.get_ref());
            *base_url = toml::Spanned::new(span, url);
        }
    }
    Ok(config)
}

/// Where a project keeps its parts; `Project::at(root)` gives the conventional layout.
#[derive(Clone, Debug)]
pub struct Project {
    /// The project folder: paths written into the site are relative to it.
    pub root: PathBuf,
    pub essays_dir: PathBuf,
    pub templates_dir: PathBuf,
    pub out_dir: PathBuf,
    pub cache_dir: Option<PathBuf>,
    /// `hackenbook.toml`, read when it exists.
    pub config_file: Option<PathBuf>,
    /// How long one evaluation of a position may take (`--time-limit`; `None`: no limit).
    pub time_limit: Option<std::time::Duration>,
    /// Raised to stop the run under way (the server raises it when the source changes).
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Project {
    pub fn at(root: &Path) -> Project {
        Project {
            root: root.to_path_buf(),
            essays_dir: root.join("essays"),
            templates_dir: root.join("templates"),
            out_dir: root.join("site"),
            cache_dir: Some(root.join(".hackenbook-cache")),
            config_file: Some(root.join("hackenbook.toml")),
            time_limit: Some(hackenbook_rulesets::hackenbush::solve::DEFAULT_TIME_LIMIT),
            cancel: None,
        }
    }

    /// What the project's runs are evaluated under: its time limit, its cancellation flag, its
    /// cache (see [`hackenbook_rulesets::hackenbush::Evaluator`]).
    pub fn settings(&self) -> hackenbook_rulesets::hackenbush::Settings {
        hackenbook_rulesets::hackenbush::Settings {
            time_limit: self.time_limit,
            cancel: self.cancel.clone(),
            value_cache: self.cache_dir.clone(),
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
    /// For people: every problem rustc-style, then their count.
    pub fn render(&self) -> String {
        self.render_for(Run::Check)
    }

    /// [`Failure::render`], the closing line saying what the run did not do.
    pub fn render_for(&self, run: Run) -> String {
        match self {
            Failure::Problems(d) => essay::diagnostic::render_all(d, run),
            Failure::Other(message) => {
                essay::diagnostic::render_unlocated(message, MessageFormat::Human)
            }
        }
    }

    /// In `format`: what goes to standard output (the diagnostics, for machines) and what to
    /// standard error (for people: everything in the human format, the closing count otherwise).
    pub fn printed(&self, format: MessageFormat, run: Run) -> Printed {
        use essay::diagnostic::{closing_count, render_each, render_unlocated};
        match (format, self) {
            (MessageFormat::Human, _) => Printed {
                stdout: String::new(),
                stderr: self.render_for(run),
            },
            (_, Failure::Problems(d)) => Printed {
                stdout: render_each(d, format),
                stderr: closing_count(d, run),
            },
            (_, Failure::Other(message)) => Printed {
                stdout: render_unlocated(message, format),
                stderr: render_unlocated(message, MessageFormat::Human),
            },
        }
    }
}

/// A run's report, split between the two streams.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Printed {
    pub stdout: String,
    pub stderr: String,
}

/// The warnings of a run that passed, in `format` (as [`Failure::printed`] splits them).
pub fn warnings_printed(warnings: &[Diagnostic], format: MessageFormat) -> Printed {
    use essay::diagnostic::{render_each, render_warnings, warnings_count};
    match (warnings.is_empty(), format) {
        (true, _) => Printed::default(),
        (false, MessageFormat::Human) => Printed {
            stdout: String::new(),
            stderr: render_warnings(warnings),
        },
        (false, _) => Printed {
            stdout: render_each(warnings, format),
            stderr: warnings_count(warnings),
        },
    }
}

/// Everything a successful check produced, in ladder order.
pub struct Checked {
    pub config: Config,
    pub essays: Vec<CheckedEssay>,
    pub pages: Vec<PageModel>,
    /// What reads badly but holds: shown, not failing the run (unless denied).
    pub warnings: Vec<Diagnostic>,
}

/// Reads the essays of a project, `essays/*.md`, in a stable order, named relative to the
/// project folder. Hidden files and editors' lock files (`.#x.md`, often a dangling link) are
/// not essays, nor is anything that is not a file; a folder without a single essay is an error,
/// so that a build never publishes an empty site over a full one.
pub fn load(project: &Project) -> Result<Vec<SourceFile>, Failure> {
    let essays_dir = &project.essays_dir;
    if !essays_dir.is_dir() {
        return Err(Failure::Other(format!(
            "no essays folder at {}",
            essays_dir.display()
        )));
    }
    let mut paths: Vec<PathBuf> = walkdir::WalkDir::new(essays_dir)
        .min_depth(1)
        .max_depth(1)
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| is_essay_file(p))
        .collect();
    paths.sort();
    let mut problems = Vec::new();
    // A name that is not UTF-8 cannot be a slug: said, never skipped in silence.
    paths.retain(|p| match p.file_name().map(|n| n.to_str()) {
        Some(Some(_)) => true,
        _ => {
            let file = SourceFile::new(p, "").in_project(&project.root);
            problems.push(
                Diagnostic::new(&file, 0..0, "this essay's file name is not UTF-8 text")
                    .label("here")
                    .help("rename it with letters, digits and hyphens (the name is shown with � where its bytes are not UTF-8)"),
            );
            false
        }
    });
    if paths.is_empty() && problems.is_empty() {
        return Err(Failure::Other(format!(
            "{} holds no essays (`*.md` files); nothing was written",
            essays_dir.display()
        )));
    }
    let mut files = Vec::new();
    for p in &paths {
        match read_source(p, &project.root) {
            Ok(file) => files.push(file.in_project(&project.root)),
            Err(Failure::Problems(mut found)) => problems.append(&mut found),
            Err(other) => return Err(other),
        }
    }
    if problems.is_empty() {
        Ok(files)
    } else {
        Err(Failure::Problems(problems))
    }
}

/// Reads a source file of the project (an essay, the configuration); one that is not UTF-8 is
/// a problem located at its first bad byte, one that leads outside the project folder or is not
/// a regular file (a FIFO, a device) is refused unread, located at the file.
fn read_source(path: &Path, root: &Path) -> Result<SourceFile, Failure> {
    SourceFile::read_within(path, root).map_err(|e| match e {
        ReadError::NotUtf8 { file, offset } => Failure::Problems(vec![Diagnostic::new(
            &file,
            offset..offset + 1,
            "this file is not UTF-8 text",
        )
        .label("the first byte that is not UTF-8")
        .help("save it as UTF-8")]),
        ReadError::Io(e) => Failure::Other(format!("cannot read {}: {e}", path.display())),
        refused @ ReadError::Refused(_) => {
            let file = SourceFile::new(path, "").in_project(root);
            Failure::Problems(vec![Diagnostic::new(
                &file,
                0..0,
                format!("this file is refused, unread: {refused}"),
            )
            .label("here")
            .help("put the file itself in the project folder, in place of the link or the special file")])
        }
    })
}

/// `NAME.md`, not hidden, and not a folder (a link is followed; a dangling one, often an
/// editor's lock file, is nothing). A FIFO or a device of that name is kept, to be refused.
fn is_essay_file(path: &Path) -> bool {
    let visible = path
        .file_name()
        .is_some_and(|n| !n.to_string_lossy().starts_with('.'));
    let kind = std::fs::metadata(path).map(|m| m.file_type());
    visible && path.extension().is_some_and(|x| x == "md") && kind.is_ok_and(|k| !k.is_dir())
}

/// Parses, evaluates and typesets every essay; reports every problem of the run together.
/// Warnings do not fail it: they come back in [`Checked::warnings`].
pub fn check(project: &Project) -> Result<Checked, Failure> {
    check_with(project, Warnings::Allow)
}

/// Whether warnings fail a run (`--deny-warnings`, for CI).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Warnings {
    Allow,
    Deny,
}

/// [`check`], with warnings allowed or denied.
pub fn check_with(project: &Project, warnings: Warnings) -> Result<Checked, Failure> {
    let (mut checked, problems) = check_all(project)?;
    let fails = problems
        .iter()
        .any(|d| !d.warning || warnings == Warnings::Deny);
    if fails {
        Err(Failure::Problems(problems))
    } else {
        checked.warnings = problems;
        Ok(checked)
    }
}

/// Everything a check computed, with the problems (and warnings) it found: `claims` lists the
/// claims of a run that failed too. `Err` only when the essays could not be read at all.
pub fn check_all(project: &Project) -> Result<(Checked, Vec<Diagnostic>), Failure> {
    let config = load_config(project)?;
    let files = load(project)?;
    let mut problems = Vec::new();
    let parsed = parse_all(&files, &mut problems);
    problems.extend(duplicate_slugs(&parsed));
    problems.extend(front_matter_warnings(&parsed));
    let options = CheckOptions {
        cache_dir: project.cache_dir.clone(),
        time_limit: project.time_limit,
        cancel: project.cancel.clone(),
    };
    // The run's typesetting is kept in its cache folder too (none with `--no-cache`).
    site::kept::keep_in(project.cache_dir.as_deref());
    let (essays, pages) = check_and_build(parsed, &options, Links::BySlug, &mut problems);
    site::kept::process().save();
    Ok((
        Checked {
            config,
            essays,
            pages,
            warnings: Vec::new(),
        },
        problems,
    ))
}

/// How the essays link to each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Links {
    /// A site's essays link by slug: each link is checked against the essays' slugs.
    BySlug,
    /// An mdBook's chapters link by path, which mdBook resolves: not checked here.
    ByPath,
}

/// The driver's one sequence from parsed essays to pages: every essay checked together (and
/// the links between them, when they link by slug), then each built into its page. A site's
/// check ([`check_all`]) and the mdBook preprocessor both run it; every problem goes to
/// `problems`.
pub fn check_and_build(
    parsed: Vec<essay::Essay>,
    options: &CheckOptions,
    links: Links,
    problems: &mut Vec<Diagnostic>,
) -> (Vec<CheckedEssay>, Vec<PageModel>) {
    let (essays, games) = check::check_essays(parsed, options, problems);
    if links == Links::BySlug {
        problems.extend(check::check_links(
            &essays.iter().map(|e| &e.essay).collect::<Vec<_>>(),
        ));
    }
    let pages: Vec<PageModel> = essays
        .iter()
        .map(|e| page::build_page(e, &games, problems))
        .collect();
    (essays, pages)
}

/// The definitions the command line's queries see: one essay's (`--essay FILE`), or every
/// essay's in ladder order, or none when the project has no essays.
pub struct Definitions {
    pub checker: check::Checker,
    pub workspace: hackenbook_census::Workspace,
    /// Problems met while reading and defining: shown when a query fails.
    pub problems: Vec<Diagnostic>,
}

pub fn definitions(project: &Project, essay: Option<&Path>) -> Result<Definitions, Failure> {
    let files = definition_files(project, essay)?;
    let mut problems = Vec::new();
    let parsed = parse_all(&files, &mut problems);
    Ok(define(project, &parsed, problems))
}

/// Whether a query of the command line can be answered without the essays' definitions
/// ([`no_definitions`]), so that their positions are not valued for nothing: it names only
/// built-in families ([`hackenbook_census::workspace::built_in_names_only`]), and either no
/// essay's text holds any of those names (a census block's name is part of its essay's text,
/// so none takes one; the essays are not parsed) or no essay's census block takes one and the
/// essays parse without a problem. A query answered so that fails is to be asked again with
/// [`definitions`], so that it fails as it always did, with its note on the essays' problems.
pub fn needs_no_definitions(
    project: &Project,
    essay: Option<&Path>,
    query: &str,
) -> Result<bool, Failure> {
    let Some(names) = hackenbook_census::workspace::built_in_names_only(query) else {
        return Ok(false);
    };
    let files = definition_files(project, essay)?;
    let named = |f: &SourceFile| names.iter().any(|n| f.text.contains(n.as_str()));
    if !files.iter().any(named) {
        return Ok(true);
    }
    let mut problems = Vec::new();
    let parsed = parse_all(&files, &mut problems);
    let taken = parsed.iter().flat_map(|e| &e.directives).any(|d| {
        matches!(&d.kind, essay::DirectiveKind::Census { name, .. } if names.contains(&name.value))
    });
    Ok(problems.is_empty() && !taken)
}

/// The definitions of no essay: the built-in families alone, under the project's settings.
pub fn no_definitions(project: &Project) -> Definitions {
    define(project, &[], Vec::new())
}

/// The essays whose definitions the command line reads: one named essay, or every essay.
fn definition_files(project: &Project, essay: Option<&Path>) -> Result<Vec<SourceFile>, Failure> {
    Ok(match essay {
        Some(path) => {
            // A file named on the command line may be anywhere, but must be a regular file.
            let wherever = path
                .canonicalize()
                .ok()
                .and_then(|p| p.parent().map(Path::to_path_buf))
                .unwrap_or_else(|| PathBuf::from("."));
            vec![read_source(path, &wherever)?.in_project(&project.root)]
        }
        None if project.essays_dir.is_dir() => load(project).unwrap_or_default(),
        None => Vec::new(),
    })
}

/// The definitions of `parsed` (positions valued, censuses defined), with `problems` met so far.
fn define(
    project: &Project,
    parsed: &[essay::Essay],
    mut problems: Vec<Diagnostic>,
) -> Definitions {
    let mut checker = check::Checker::new(CheckOptions {
        cache_dir: project.cache_dir.clone(),
        time_limit: project.time_limit,
        cancel: project.cancel.clone(),
    });
    let workspace = checker.definitions(parsed, &mut problems);
    Definitions {
        checker,
        workspace,
        problems,
    }
}

/// Parses every essay, in ladder order. An essay with a bad directive is still checked: every
/// problem is reported together.
pub(crate) fn parse_all(files: &[SourceFile], problems: &mut Vec<Diagnostic>) -> Vec<essay::Essay> {
    let mut parsed = Vec::new();
    for file in files {
        let (essay, mut found) = essay::parse::parse_recovering(file);
        parsed.push(essay);
        problems.append(&mut found);
    }
    parsed.sort_by(|a, b| (a.front.rung, &a.front.slug).cmp(&(b.front.rung, &b.front.slug)));
    parsed
}

/// What a build wrote.
pub struct BuildReport {
    pub pages: usize,
    pub positions: usize,
    pub claims: usize,
    /// Everything checked, by kind.
    pub tally: check::Tally,
    pub out_dir: PathBuf,
    pub warnings: Vec<Diagnostic>,
}

pub fn build(project: &Project) -> Result<BuildReport, Failure> {
    build_with(project, Warnings::Allow)
}

/// [`build`], with warnings allowed or denied (a denied warning writes nothing).
pub fn build_with(project: &Project, warnings: Warnings) -> Result<BuildReport, Failure> {
    // Refused before the essays are checked: a build that cannot be written is not worth a wait.
    check_output(project)?;
    let checked = check_with(project, warnings)?;
    let model = SiteModel {
        title: checked.config.title.clone(),
        base_url: checked.config.base_url(),
        essays: checked.pages.clone(),
    };
    site::render::render_site(&model, &project.templates_dir, &project.out_dir)
        .map_err(render_failure)?;
    site::kept::process().save();
    Ok(BuildReport {
        pages: checked.pages.len(),
        positions: checked
            .essays
            .iter()
            .flat_map(|e| &e.outcomes)
            .filter(|o| matches!(o, check::Outcome::Board(_)))
            .count(),
        claims: checked.essays.iter().map(|e| e.claims.len()).sum(),
        tally: check::Tally::of(&checked.essays),
        out_dir: project.out_dir.clone(),
        warnings: checked.warnings,
    })
}

/// A template error at its line and column when Tera says where; otherwise in words.
pub(crate) fn render_failure(e: site::render::RenderError) -> Failure {
    use site::render::RenderError;
    match e {
        RenderError::Template {
            message,
            at: Some((path, line, column)),
            ..
        } => match SourceFile::read(&path) {
            Ok(file) => {
                let offset = file.offset_of(line, column);
                // Tera's parser draws its own snippet; its verdict is the line after `= `.
                let verdict = message
                    .lines()
                    .find_map(|l| l.trim_start().strip_prefix("= "))
                    .unwrap_or(&message)
                    .to_string();
                Failure::Problems(vec![Diagnostic::new(
                    &file,
                    offset..offset + 1,
                    format!("template error: {verdict}"),
                )
                .label("here")])
            }
            Err(_) => Failure::Other(format!("template {}: {message}", path.display())),
        },
        RenderError::Refused(_) => Failure::Other(e.to_string()),
        RenderError::Unread { path, why } => Failure::Problems(vec![Diagnostic::new(
            &SourceFile::new(path, ""),
            0..0,
            format!("this file is refused, unread: {why}"),
        )
        .label("here")
        .help(
            "put the file itself in the project folder, in place of the link or the special file",
        )]),
        e => Failure::Other(format!("writing the site failed: {e}")),
    }
}

/// Refuses an output folder that the swap of a build would destroy: the project itself, a
/// folder of sources or one holding them, a folder inside the sources, and (through
/// [`site::publish::check_target`]) anything that is not a site hackenbook wrote.
pub fn check_output(project: &Project) -> Result<(), Failure> {
    // Who holds the site is the first thing worth saying.
    site::publish::check_lock(&project.out_dir)
        .map_err(|refusal| Failure::Other(format!("cannot write the site: {refusal}")))?;
    check_output_place(project)
}

/// [`check_output`] but for the lock: what its holder asks before each build.
pub(crate) fn check_output_place(project: &Project) -> Result<(), Failure> {
    let out = resolved(&project.out_dir);
    let sources = [
        Some(("the project folder", &project.root)),
        Some(("the essays folder", &project.essays_dir)),
        Some(("the templates folder", &project.templates_dir)),
        project.cache_dir.as_ref().map(|p| ("the census cache", p)),
        project
            .config_file
            .as_ref()
            .map(|p| ("the configuration", p)),
    ];
    for (what, path) in sources.into_iter().flatten() {
        let source = resolved(path);
        let refusal = if source.starts_with(&out) {
            Some(if source == out {
                format!("it is {what}")
            } else {
                format!("it holds {what}, {}", path.display())
            })
        } else if out.starts_with(&source)
            && (path == &project.essays_dir || path == &project.templates_dir)
        {
            Some(format!("it is inside {what}, {}", path.display()))
        } else {
            None
        };
        if let Some(why) = refusal {
            return Err(Failure::Other(format!(
                "refusing to write the site to {}: {why}, and a build replaces its output folder whole\n  \
                 help: name a folder of its own, such as the default `site/`, with --out",
                project.out_dir.display()
            )));
        }
    }
    site::publish::check_target(&project.out_dir)
        .map_err(|refusal| Failure::Other(format!("refusing to replace {refusal}")))
}

/// An absolute path without `.`, `..` or symbolic links in the part that exists, so that two
/// spellings of one folder compare equal.
fn resolved(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    let base = loop {
        if let Ok(real) = existing.canonicalize() {
            break real;
        }
        match (existing.parent(), existing.components().next_back()) {
            (Some(parent), Some(last)) => {
                rest.push(last.as_os_str().to_os_string());
                existing = parent;
            }
            _ => break existing.to_path_buf(),
        }
    };
    let mut out = base;
    for part in rest.into_iter().rev() {
        match part.to_str() {
            Some("..") => {
                out.pop();
            }
            Some(".") => {}
            _ => out.push(part),
        }
    }
    out
}

/// What the front matter says that will read badly on the site: the summary `hackenbook new`
/// wrote, and two essays on one rung (their order on the ladder is then the slugs').
pub(crate) fn front_matter_warnings(essays: &[essay::Essay]) -> Vec<Diagnostic> {
    let mut warnings = Vec::new();
    for (i, e) in essays.iter().enumerate() {
        let front = &e.front;
        if front.stand_in {
            continue;
        }
        if front.summary == essay::front::PLACEHOLDER_SUMMARY {
            let at = front.summary_span.clone().unwrap_or(0..3);
            warnings.push(
                Diagnostic::new(&e.file, at, "the summary is still the placeholder")
                    .label("shown on the index as it is")
                    .help("say in one sentence what this essay shows")
                    .warning(),
            );
        }
        // Essays are in ladder order, so another on this rung is the one just before.
        if let Some(other) = i
            .checked_sub(1)
            .map(|j| &essays[j])
            .filter(|o| o.front.rung == front.rung && !o.front.stand_in)
        {
            warnings.push(
                Diagnostic::new(
                    &e.file,
                    front.rung_span.clone(),
                    format!(
                        "rung {} is also {}'s",
                        front.rung,
                        other.file.display_path()
                    ),
                )
                .label("two essays on one rung")
                .help(format!(
                    "give each essay a rung of its own; on one rung they are ordered by slug, \
                     so `{}` comes first",
                    other.front.slug
                ))
                .warning(),
            );
        }
    }
    warnings
}

pub(crate) fn duplicate_slugs(essays: &[essay::Essay]) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for (i, e) in essays.iter().enumerate() {
        let same = |o: &&essay::Essay| o.front.slug == e.front.slug && !o.front.stand_in;
        if let Some(first) = essays[..i].iter().find(same).filter(|_| !e.front.stand_in) {
            // At the slug as written; a slug taken from the file name is the front matter's.
            let at = e.front.slug_span.clone().unwrap_or(0..3);
            problems.push(
                Diagnostic::new(
                    &e.file,
                    at,
                    format!("slug `{}` is already used", e.front.slug),
                )
                .label("another essay has this slug")
                .help(format!("{} has the same slug", first.file.display_path())),
            );
        }
    }
    problems
}
