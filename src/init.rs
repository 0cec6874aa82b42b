//! Starting a project: `hackenbook init DIR` writes a new site, `hackenbook new` a new essay.
//!
//! The one idea: **what a new author gets first already builds**. Both commands write the one
//! sample essay ([`sample_essay`]): a position, a claim, a game block and an exercise, each
//! checked by the first `hackenbook build`. `init` writes only into a new or empty folder and
//! never over a file: every file is created new, and if one cannot be, what this run created is
//! taken away again.

use hackenbook_book::driver::Failure;
use hackenbook_book::essay::front::Date;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The sample essay's file name (without `.md`) in a new site.
pub const FIRST_ESSAY: &str = "first-steps";

/// The sample essay: front matter (`title`, `slug`, `rung`, `summary`, `date`), then a
/// position, a claim about it, a game block and an exercise.
pub fn sample_essay(title: &str, slug: &str, rung: i64, summary: &str, date: Date) -> String {
    // Strings as TOML basic strings.
    let quoted = |s: &str| toml::Value::String(s.to_string()).to_string();
    format!(
        "+++\ntitle = {}\nslug = {}\nrung = {rung}\nsummary = {}\ndate = {date}\n+++\n\n{SAMPLE_BODY}",
        quoted(title),
        quoted(slug),
        quoted(summary),
    )
}

const SAMPLE_BODY: &str = "\
Blue edges are Left's to cut and red edges Right's; a cut takes away whatever no longer reaches
the ground, and the player who cannot cut loses. A blue edge carrying a red one is worth
`{1/2 = value of half}` to Left:

```hackenbush half
LR
value = 1/2
left = 0
right = 1
```

Left's only cut takes both edges, leaving $0$; Right's leaves one blue edge, worth $1$; the
simplest number between the two is $\\tfrac12$. Two such stalks balance one red edge, so in
their sum whoever moves second wins:

```game
{0 | 1} = 1/2
half + half + [R] = 0
```

```exercise pair
LR LR R
question = who wins
answer = second player
hint = The game block above adds the three stalks up. What does a sum worth $0$ say?
```
";

/// The summary of the essay `init` writes.
const FIRST_SUMMARY: &str = "A first checked essay: one stalk, its value, a sum that balances.";

/// `hackenbook init DIR`: a new site in `dir` (created if missing): `hackenbook.toml`,
/// `essays/first-steps.md` (the sample essay) and a `.gitignore` for what a build writes.
/// Refuses a folder that holds anything, and a path that is not a folder.
pub fn init(dir: &Path) -> Result<Vec<PathBuf>, Failure> {
    let existed = refuse_unless_empty(dir)?;
    let title = dir
        .canonicalize()
        .ok()
        .as_deref()
        .and_then(Path::file_name)
        .or_else(|| dir.file_name())
        .and_then(|n| n.to_str())
        .map(|n| title_of(&n.to_ascii_lowercase()))
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| "Essays".to_string());
    let files = [
        (
            PathBuf::from("hackenbook.toml"),
            format!(
                "title = {}\n\
                 # Where the site is published, for canonical links, the sitemap and the feed:\n\
                 # base_url = \"https://USER.github.io/PROJECT/\"\n",
                toml::Value::String(title)
            ),
        ),
        (
            PathBuf::from(".gitignore"),
            "# What `hackenbook build` writes\n/site/\n/.hackenbook-cache/\n".to_string(),
        ),
        (
            Path::new("essays").join(format!("{FIRST_ESSAY}.md")),
            sample_essay(
                &title_of(FIRST_ESSAY),
                FIRST_ESSAY,
                1,
                FIRST_SUMMARY,
                Date::today(),
            ),
        ),
    ];
    let mut created = Created {
        root: (!existed).then(|| dir.to_path_buf()),
        paths: Vec::new(),
    };
    for (name, text) in &files {
        let path = dir.join(name);
        if let Err(e) = created.write(&path, text) {
            created.undo();
            return Err(Failure::Other(format!(
                "cannot write {}: {e}; nothing was left behind",
                path.display()
            )));
        }
    }
    Ok(files.into_iter().map(|(name, _)| dir.join(name)).collect())
}

/// `Ok(true)` when `dir` is an empty folder, `Ok(false)` when it does not exist; an error
/// naming what is in the way otherwise.
fn refuse_unless_empty(dir: &Path) -> Result<bool, Failure> {
    let refuse = |why: String| {
        Failure::Other(format!(
            "refusing to start a site in {}: {why}\n  \
             help: `hackenbook init` writes only into a new or empty folder; name another one",
            dir.display()
        ))
    };
    match fs::metadata(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(refuse(format!("it cannot be examined: {e}"))),
        Ok(meta) if !meta.is_dir() => Err(refuse("it is a file, not a folder".into())),
        Ok(_) => {
            let mut names: Vec<String> = fs::read_dir(dir)
                .map_err(|e| refuse(format!("it cannot be read: {e}")))?
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            match names.as_slice() {
                [] => Ok(true),
                [one] => Err(refuse(format!("it already holds `{one}`"))),
                [first, rest @ ..] => Err(refuse(format!(
                    "it already holds `{first}` and {} more",
                    rest.len()
                ))),
            }
        }
    }
}

/// The one way `init` and `new` create a file: new, or not at all. Anything already at the
/// name — a file, a folder, a link, a dangling link — is an error, so nothing is ever written
/// over, nor through a link to somewhere else.
pub fn create_new(path: &Path) -> io::Result<fs::File> {
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
}

/// `hackenbook new`: the essay `text` at `path`, created new; on a failed write, the file this
/// made is taken away again.
pub fn write_essay(path: &Path, text: &str) -> io::Result<()> {
    let mut file = create_new(path)?;
    file.write_all(text.as_bytes()).inspect_err(|_| {
        let _ = fs::remove_file(path);
    })
}

/// What one run of `init` created, to take away again if a later file cannot be written.
struct Created {
    /// The site's folder, when this run made it.
    root: Option<PathBuf>,
    /// Files and folders made, in order.
    paths: Vec<PathBuf>,
}

impl Created {
    /// Creates `path` (and any missing folder above it) holding `text`; never replaces a file.
    fn write(&mut self, path: &Path, text: &str) -> io::Result<()> {
        let mut missing = Vec::new();
        let mut parent = path.parent();
        while let Some(p) = parent.filter(|p| !p.as_os_str().is_empty() && !p.exists()) {
            missing.push(p.to_path_buf());
            parent = p.parent();
        }
        for folder in missing.into_iter().rev() {
            fs::create_dir(&folder)?;
            self.paths.push(folder);
        }
        let mut file = create_new(path)?;
        self.paths.push(path.to_path_buf());
        file.write_all(text.as_bytes())
    }

    /// Removes what this run made, newest first (a folder only while empty).
    fn undo(self) {
        for path in self.paths.iter().rev() {
            let _ = fs::remove_file(path).or_else(|_| fs::remove_dir(path));
        }
        if let Some(root) = self.root {
            let _ = fs::remove_dir(root);
        }
    }
}

/// `sums-that-balance` → `Sums that balance`.
pub fn title_of(slug: &str) -> String {
    let words = slug.replace('-', " ");
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_a_folder_with_anything_in_it() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("notes.txt"), "mine").unwrap();
        let Err(Failure::Other(message)) = init(dir.path()) else {
            panic!("init wrote into a folder that held a file");
        };
        assert!(message.contains("already holds `notes.txt`"), "{message}");
        assert_eq!(
            fs::read_to_string(dir.path().join("notes.txt")).unwrap(),
            "mine"
        );
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn refuses_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("site");
        fs::write(&file, "x").unwrap();
        let Err(Failure::Other(message)) = init(&file) else {
            panic!("init accepted a file");
        };
        assert!(message.contains("is a file"), "{message}");
    }

    #[test]
    fn days_from_the_clock() {
        assert_eq!(Date::from_unix_seconds(0).to_string(), "1970-01-01");
        // 2000-02-29 (a leap day of a century year) and 2026-12-01.
        assert_eq!(
            Date::from_unix_seconds(951_782_400).to_string(),
            "2000-02-29"
        );
        assert_eq!(
            Date::from_unix_seconds(1_796_083_200 + 86_399).to_string(),
            "2026-12-01"
        );
    }
}
