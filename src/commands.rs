//! The small commands of the command line, kept out of `main.rs` so they can be tested.

use crate::census::{self, Workspace};
use crate::driver::{self, Failure, Project};
use crate::essay::diagnostic::capped;
use crate::games::{notation, Games};
use crate::hackenbush::{self, Position, Rules};
use std::io::Write;
use std::path::Path;

/// Prints a line to stdout; a closed pipe (`hackenbook claims --json | head`) ends output quietly.
pub fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
}

/// `hackenbook eval`: a position if it reads as one, otherwise a game expression.
pub fn eval(input: &str, explicit: bool, childish: bool) -> Result<(), Failure> {
    say(&eval_to_string(input, explicit, childish)?);
    Ok(())
}

pub fn eval_to_string(input: &str, explicit: bool, childish: bool) -> Result<String, Failure> {
    let mut games = Games::new();
    let value = match Position::parse(input) {
        Ok(position) => {
            let rules = if childish {
                Rules::Childish
            } else {
                Rules::Normal
            };
            hackenbush::evaluate(&position, rules, &mut games)
                .map_err(|e| Failure::Other(format!("cannot value `{input}`: {e}")))?
                .value
        }
        Err(position_error) => match notation::evaluate(input, &mut games, &mut |_| None) {
            Ok(value) => value,
            Err(game_error) => {
                return Err(Failure::Other(format!(
                    "{} is neither a position ({} at byte {}) nor a game ({} at byte {})",
                    capped(format!("`{input}`")),
                    capped(position_error.message),
                    position_error.span.start,
                    capped(game_error.message),
                    game_error.span.start
                )))
            }
        },
    };
    Ok(if explicit {
        games.display_explicit(value)
    } else {
        games.display(value)
    })
}

/// `hackenbook census QUERY`: one figure, printed.
pub fn census(query: &str, cache_dir: Option<&Path>) -> Result<(), Failure> {
    let mut games = Games::new();
    let mut workspace = Workspace::new(cache_dir.map(Path::to_path_buf));
    let figure = workspace.evaluate(query, &mut games).map_err(|e| {
        let at = query[..crate::essay::source::floor_char_boundary(query, e.span.start)]
            .chars()
            .count();
        let shown = capped(query.to_string());
        if shown.len() < query.len() {
            // Too long to underline: say where instead.
            return Failure::Other(format!(
                "bad query: {}\n  {shown}\n  (at character {})",
                capped(e.message),
                at + 1
            ));
        }
        Failure::Other(format!(
            "bad query: {}\n  {query}\n  {}{}",
            capped(e.message),
            " ".repeat(at),
            "^".repeat(
                query
                    .get(e.span.clone())
                    .map_or(1, |s| s.chars().count().max(1))
            )
        ))
    })?;
    say(&census::render_figure(&figure, &games));
    Ok(())
}

/// `hackenbook claims [--json]`: every claim of every essay, checked.
pub fn claims(project: &Project, json: bool) -> Result<(), Failure> {
    // A run with failed claims still lists every claim: that is when the list is wanted.
    let (checked, problems) = driver::check_all(project)?;
    let records: Vec<&crate::check::ClaimRecord> =
        checked.essays.iter().flat_map(|e| &e.claims).collect();
    if json {
        let text =
            serde_json::to_string_pretty(&records).map_err(|e| Failure::Other(e.to_string()))?;
        say(&text);
    } else {
        for r in records {
            say(&format!(
                "{}:{}:{}  {} = {}  → {} {}",
                r.file,
                r.line,
                r.column,
                r.literal,
                r.query,
                r.figure,
                if r.holds { "✓" } else { "✗" }
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failure::Problems(problems))
    }
}

/// `hackenbook new SLUG`: an essay with front matter and an example block, never overwriting.
pub fn new_essay(project: &Project, slug: &str) -> Result<(), Failure> {
    if let Some(reason) = crate::site::render::slug_problem(slug) {
        return Err(Failure::Other(format!("slug `{slug}` {reason}")));
    }
    let path = project.essays_dir.join(format!("{slug}.md"));
    if path.exists() {
        return Err(Failure::Other(format!("{} already exists", path.display())));
    }
    std::fs::create_dir_all(&project.essays_dir).map_err(|e| Failure::Other(e.to_string()))?;
    let title = slug.replace('-', " ");
    let text = format!(
        "+++\ntitle = \"{title}\"\nslug = \"{slug}\"\nrung = 99\nsummary = \"One sentence on what this essay shows.\"\n+++\n\n\
         A blue edge carrying a red one is worth `{{1/2 = value of example}}` to Left.\n\n\
         ```hackenbush example\nLR\nvalue = 1/2\nleft = 0\nright = 1\n```\n"
    );
    std::fs::write(&path, text)
        .map_err(|e| Failure::Other(format!("cannot write {}: {e}", path.display())))?;
    say(&format!("created {}", path.display()));
    Ok(())
}
