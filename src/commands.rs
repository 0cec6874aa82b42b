//! The small commands of the command line, kept out of `main.rs` so they can be tested.

use hackenbook_book::driver::{self, Definitions, Failure, Project};
use hackenbook_book::essay::diagnostic::capped;
use hackenbook_census as census;
use hackenbook_games::{notation, Games, Player};
use hackenbook_rulesets::hackenbush::Evaluator;
use hackenbook_rulesets::in_place::InPlace;
use hackenbook_rulesets::play::{PlayLimits, PlayTable};
use hackenbook_rulesets::{registry, AnyPosition, DynRuleset};
use std::io::Write;
use std::path::Path;

/// Prints a line to stdout; a closed pipe (`hackenbook claims --json | head`) ends output quietly.
pub fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
}

/// `hackenbook eval`: a position if it reads as one, otherwise a game expression, whose bare
/// names are the positions of `defs` (the site's essays, or one essay's). With `game` (`--game
/// domineering`), or written `domineering: 4x4`, a position of another game: its value and
/// every move's. Each line is printed as soon as it is known: a position's value and who wins
/// come before its moves are valued, which can take longer (a bed's thirty moves are thirty
/// positions as hard as the bed).
pub fn eval(
    input: &str,
    game: Option<&str>,
    asked: &Asked,
    defs: &mut Definitions,
) -> Result<(), Failure> {
    let mut out = |line: String| say(&line);
    match game {
        Some(game) => eval_game_lines(game, input, asked, defs, &mut out),
        None => eval_lines(input, asked, defs, &mut out),
    }
}

/// How `eval` is asked to show what it finds.
#[derive(Clone, Copy, Debug)]
pub struct Asked {
    /// Canonical forms in nested braces (`--explicit`).
    pub explicit: bool,
    /// A position under the childish rules (`--childish`).
    pub childish: bool,
    /// A position's moves valued and listed after its value (not with `--no-moves`).
    pub moves: bool,
}

impl Asked {
    /// What `eval` prints unless asked otherwise: short forms, normal rules, every move.
    pub fn new(explicit: bool, childish: bool) -> Asked {
        Asked {
            explicit,
            childish,
            moves: true,
        }
    }
}

/// The lines `eval` prints, handed to `out` one by one, collected.
fn collected(
    run: impl FnOnce(&mut dyn FnMut(String)) -> Result<(), Failure>,
) -> Result<String, Failure> {
    let mut lines = Vec::new();
    run(&mut |line| lines.push(line))?;
    Ok(lines.join("\n"))
}

/// `hackenbook eval --game GAME POSITION`: the position read in the game's notation, its value,
/// and each player's moves by name with the value each reaches.
pub fn eval_game_to_string(
    game: &str,
    input: &str,
    explicit: bool,
    childish: bool,
    defs: &mut Definitions,
) -> Result<String, Failure> {
    let asked = Asked::new(explicit, childish);
    collected(|out| eval_game_lines(game, input, &asked, defs, out))
}

/// [`eval_game_to_string`], line by line.
fn eval_game_lines(
    game: &str,
    input: &str,
    asked: &Asked,
    defs: &mut Definitions,
    out: &mut dyn FnMut(String),
) -> Result<(), Failure> {
    let position = read_game_position(game, input, asked.childish)?;
    board_lines(&position, asked, &mut defs.checker.ev, out)
}

/// `hackenbook eval --outcome`: who wins a Domineering board, by the outcome search alone (no
/// canonical value), for each player moving first. `input` is `domineering: 8x8`, or the board
/// alone with `game`. Each line is printed as soon as it is known.
pub fn eval_outcome(
    game: Option<&str>,
    input: &str,
    defs: &mut Definitions,
) -> Result<(), Failure> {
    eval_outcome_lines(game, input, defs, &mut |line| say(&line))
}

/// What [`eval_outcome`] prints.
pub fn eval_outcome_to_string(
    game: Option<&str>,
    input: &str,
    defs: &mut Definitions,
) -> Result<String, Failure> {
    collected(|out| eval_outcome_lines(game, input, defs, out))
}

/// [`eval_outcome`], line by line.
fn eval_outcome_lines(
    game: Option<&str>,
    input: &str,
    defs: &mut Definitions,
    out: &mut dyn FnMut(String),
) -> Result<(), Failure> {
    let (game, text) = match (game, input.split_once(':')) {
        (Some(game), _) => (game, input),
        (None, Some((game, text))) if registry::find(game.trim()).is_some() => {
            (game.trim(), text.trim())
        }
        (None, _) => {
            return Err(Failure::Other(
                "--outcome decides who wins a Domineering board: write it `domineering: 8x8` \
                 (or give --game domineering)"
                    .to_string(),
            ))
        }
    };
    let position = read_game_position(game, text, false)?;
    let heading = "who wins, by the outcome search (its canonical value not computed)";
    outcome_lines(&position, heading, &mut defs.checker.ev.games, out)
}

/// The outcome search's answer for a Domineering `position`, after `heading`: who wins with
/// each player moving first, then the outcome class. The search runs under the run's clock
/// (`--time-limit`) and its budget of positions; a search that stops says which.
fn outcome_lines(
    position: &AnyPosition,
    heading: &str,
    games: &mut Games,
    out: &mut dyn FnMut(String),
) -> Result<(), Failure> {
    use hackenbook_rulesets::domineering::outcome::{Search, SearchLimits};
    use hackenbook_rulesets::domineering::Board;
    let game = position.ruleset().name();
    let Some(board) = position.downcast_ref::<Board>() else {
        return Err(Failure::Other(format!(
            "--outcome decides who wins a Domineering board; {game} has no outcome search"
        )));
    };
    let limits = SearchLimits::default();
    let budget = limits.positions;
    let mut search = Search::new(limits);
    let board = board.forgetting_dominoes();
    out(heading.to_string());
    let mut winners = Vec::new();
    for first in Player::BOTH {
        let verdict = games
            .timed(|games| {
                let clock = games.running();
                search.winner(&board, first, games, &clock)
            })
            .map_err(hackenbook_rulesets::domineering::outcome::Undecided::Stopped)
            .and_then(|v| v)
            .map_err(|e| {
                Failure::Other(format!(
                    "cannot decide who wins {} with {} moving first: {e} (the outcome search's \
                     budgets: {budget} positions and the run's time limit, --time-limit)",
                    capped(format!("`{}`", position.print())),
                    first.name()
                ))
            })?;
        winners.push(verdict.winner);
        out(format!("{} moving first: {verdict}", first.name()));
    }
    let outcome = match (winners[0], winners[1]) {
        (Player::Left, Player::Left) => hackenbook_games::OutcomeClass::LeftWins,
        (Player::Right, Player::Right) => hackenbook_games::OutcomeClass::RightWins,
        (Player::Left, Player::Right) => hackenbook_games::OutcomeClass::FirstPlayer,
        (Player::Right, Player::Left) => hackenbook_games::OutcomeClass::SecondPlayer,
    };
    out(format!(
        "{} ({}); {} positions searched",
        outcome.describe(),
        outcome.letter(),
        search.stats.positions
    ));
    Ok(())
}

/// The game a bare position is read in (`hackenbook eval LR`, `hackenbook play LR`).
const HACKENBUSH: &str = registry::UNTAGGED;

/// `input` read as a position of the game named `game` (`eval --game`, `play --game`), under
/// its childish rules with `childish` (`--childish`: a rule variant of Hackenbush's).
fn read_game_position(game: &str, input: &str, childish: bool) -> Result<AnyPosition, Failure> {
    AnyPosition::parse(ruleset_of(game, childish)?, input).map_err(|e| {
        Failure::Other(format!(
            "{} is not a {game} position: {} (at byte {}){}",
            capped(format!("`{input}`")),
            capped(e.message),
            e.span.start,
            e.help.map_or(String::new(), |h| format!("\n  help: {h}"))
        ))
    })
}

/// The ruleset of the game named `game`, under its childish rules with `childish`.
fn ruleset_of(game: &str, childish: bool) -> Result<&'static dyn DynRuleset, Failure> {
    let usual = registry::find(game).ok_or_else(|| {
        Failure::Other(format!(
            "unknown game `{game}`\n  help: {}",
            registry::unknown_help(game)
        ))
    })?;
    match childish {
        false => Ok(usual),
        true => registry::find_variant(game, Some("childish")).ok_or_else(|| {
            Failure::Other(format!(
                "--childish is a rule of Hackenbush; {game} has no rule variants"
            ))
        }),
    }
}

/// The most moves of one player `eval` lists, each with the value it reaches; past it, `eval`
/// says how many there are.
pub const MAX_LISTED_MOVES: usize = 100;

/// A position of any game: its value, who wins, then (when `asked`) each player's moves,
/// `name (value)` (at most [`MAX_LISTED_MOVES`] of them), handed to `out` a line at a time.
fn board_lines(
    position: &AnyPosition,
    asked: &Asked,
    ev: &mut Evaluator,
    out: &mut dyn FnMut(String),
) -> Result<(), Failure> {
    let explicit = asked.explicit;
    let Evaluator {
        games, rulesets, ..
    } = ev;
    let unsolved = |e: hackenbook_rulesets::Unsolved| {
        Failure::Other(format!(
            "cannot value {}: {e}",
            capped(format!("`{}`", position.print()))
        ))
    };
    let value = match position.value(rulesets, games) {
        Ok(value) => value,
        // Beyond the solver's budgets (its positions, its memory, its share of the clock), a
        // Domineering board still has a winner: the outcome search decides it under a clock of
        // its own.
        Err(
            e @ (hackenbook_rulesets::Unsolved::TooManyPositions { .. }
            | hackenbook_rulesets::Unsolved::Stopped(
                hackenbook_games::clock::Stop::Time(_) | hackenbook_games::clock::Stop::Memory(_),
            )),
        ) if position
            .downcast_ref::<hackenbook_rulesets::domineering::Board>()
            .is_some() =>
        {
            let heading =
                format!("no canonical value ({e}); deciding only who wins, by the outcome search");
            return outcome_lines(position, &heading, games, out);
        }
        Err(e) => return Err(unsolved(e)),
    };
    let outcome = position.outcome(rulesets, games).map_err(unsolved)?;
    out(shown(games, value, explicit));
    out(format!("{} ({})", outcome.describe(), outcome.letter()));
    if !asked.moves {
        return Ok(());
    }
    for player in Player::BOTH {
        // A large board's moves are counted, not valued one by one and listed (a bed of a
        // thousand edges has a thousand cuts, each a position of its own to value).
        let count = position.moves(player).len();
        if count > MAX_LISTED_MOVES {
            out(format!(
                "{}'s moves: {count}, not listed (more than {MAX_LISTED_MOVES})",
                player.name()
            ));
            continue;
        }
        let options = position
            .option_values(player, rulesets, games)
            .map_err(unsolved)?;
        let moves: Vec<String> = options
            .iter()
            .map(|(name, v)| format!("{name} ({})", shown(games, *v, explicit)))
            .collect();
        let moves = if moves.is_empty() {
            "none".to_string()
        } else {
            moves.join(", ")
        };
        out(format!("{}'s moves: {moves}", player.name()));
    }
    Ok(())
}

/// A value as `eval` prints it: short, or (`--explicit`) in nested braces.
fn shown(games: &Games, g: hackenbook_games::GameId, explicit: bool) -> String {
    if explicit {
        games.display_explicit(g)
    } else {
        games.display(g)
    }
}

pub fn eval_to_string(
    input: &str,
    explicit: bool,
    childish: bool,
    defs: &mut Definitions,
) -> Result<String, Failure> {
    let asked = Asked::new(explicit, childish);
    collected(|out| eval_lines(input, &asked, defs, out))
}

/// [`eval_to_string`], line by line.
fn eval_lines(
    input: &str,
    asked: &Asked,
    defs: &mut Definitions,
    out: &mut dyn FnMut(String),
) -> Result<(), Failure> {
    let Asked {
        explicit, childish, ..
    } = *asked;
    // `domineering: 4x4`: a position of a game of the registry (a name before the colon that is
    // not a game leaves the input to be read as Hackenbush or a game expression: `tree : 1`).
    if let Some((game, position)) = input.split_once(':') {
        if registry::find(game.trim()).is_some() {
            let (game, position) = (game.trim(), position.trim());
            return eval_game_lines(game, position, asked, defs, out);
        }
    }
    // A bare position is Hackenbush's, read and valued as `hackenbush: POSITION` is.
    let position_error = match AnyPosition::parse(ruleset_of(HACKENBUSH, childish)?, input) {
        Ok(position) => return board_lines(&position, asked, &mut defs.checker.ev, out),
        Err(e) => e,
    };
    let Evaluator { games, rulesets } = &mut defs.checker.ev;
    let show = |games: &Games, g| shown(games, g, explicit);
    let workspace = &defs.workspace;
    let answer = notation::parse_expr(input).and_then(|expr| {
        let in_place = InPlace::value(&[&expr], rulesets, games)?;
        let mut resolve = |name: &str| {
            in_place
                .get(name)
                .or_else(|| workspace.position_value(name))
        };
        match expr.incentives_of() {
            Some(argument) => {
                // The incentives are worked out under the clock that values `G`.
                let [left, right] =
                    notation::eval_then(argument, games, &mut resolve, |games, g| {
                        Player::BOTH.map(|player| games.incentives(g, &[player]))
                    })?;
                let line = |player: Player, list: Vec<hackenbook_games::GameId>| {
                    let shown: Vec<String> = list.iter().map(|&i| show(games, i)).collect();
                    let shown = if shown.is_empty() {
                        "none".to_string()
                    } else {
                        shown.join(", ")
                    };
                    format!("{} incentives: {shown}", player.name())
                };
                Ok(format!(
                    "{}\n{}",
                    line(Player::Left, left),
                    line(Player::Right, right)
                ))
            }
            None => notation::eval(&expr, games, &mut resolve).map(|v| show(games, v)),
        }
    });
    let text = answer.map_err(|game_error| {
        let known: Vec<&str> = workspace.position_names().collect();
        let hint = input
            .get(game_error.span.clone())
            .and_then(|name| {
                let known_here = workspace.position_value(name).is_some();
                (!known_here)
                    .then(|| workspace.elsewhere_help(name))
                    .flatten()
                    .or_else(|| hackenbook_book::check::unknown_name_help(name, &known))
            })
            .map_or(String::new(), |h| format!("\n  help: {h}"));
        Failure::Other(
            format!(
                "{} is neither a position ({} at byte {}) nor a game ({} at byte {}){}",
                capped(format!("`{input}`")),
                capped(position_error.message),
                position_error.span.start,
                capped(game_error.message),
                game_error.span.start,
                definition_note(defs)
            ) + &hint,
        )
    })?;
    out(text);
    Ok(())
}

/// After a failed query: a word on the problems met while reading the definitions, if any.
fn definition_note(defs: &Definitions) -> String {
    match defs.problems.iter().filter(|d| !d.warning).count() {
        0 => String::new(),
        n => format!(
            "\n  note: the essays' definitions have {} (`hackenbook check` shows {})",
            hackenbook_book::essay::diagnostic::counted(n, "problem"),
            if n == 1 { "it" } else { "them" }
        ),
    }
}

/// How many records `hackenbook census "list …"` shows unless told otherwise.
pub const LIST_LIMIT: usize = 20;

/// `hackenbook census QUERY`: one figure, printed; or, for `list FAMILY`, the family's members.
/// Names are those of `defs` (the site's essays, or one essay's) and the built-in families.
pub fn census(query: &str, limit: usize, defs: &mut Definitions) -> Result<(), Failure> {
    let text = census_answer(query, limit, defs).map_err(|e| census_failure(query, e, defs))?;
    say(&text);
    Ok(())
}

/// The answer [`census`] prints, or the query's error.
pub fn census_answer(
    query: &str,
    limit: usize,
    defs: &mut Definitions,
) -> Result<String, census::QueryError> {
    let ev = &mut defs.checker.ev;
    let listing = query.split_whitespace().next() == Some("list");
    if listing {
        defs.workspace
            .list(query, limit, ev)
            .map(|l| listing_text(query, &l, limit))
    } else {
        defs.workspace
            .evaluate(query, ev)
            .map(|figure| census::render_figure(&figure, &ev.games))
    }
}

/// A failed query of [`census`], for the author: the error under the query, with a note on the
/// problems met in `defs`.
pub fn census_failure(query: &str, e: census::QueryError, defs: &Definitions) -> Failure {
    let at = query[..hackenbook_book::essay::source::floor_char_boundary(query, e.span.start)]
        .chars()
        .count();
    let shown = capped(query.to_string());
    let help = e
        .help
        .as_ref()
        .map_or_else(String::new, |h| format!("\n  help: {}", capped(h.clone())));
    let note = format!("{help}{}", definition_note(defs));
    if shown.len() < query.len() {
        // Too long to underline: say where instead.
        return Failure::Other(format!(
            "bad query: {}\n  {shown}\n  (at character {}){note}",
            capped(e.message),
            at + 1
        ));
    }
    Failure::Other(format!(
        "bad query: {}\n  {query}\n  {}{}{note}",
        capped(e.message),
        " ".repeat(at),
        "^".repeat(
            query
                .get(e.span.clone())
                .map_or(1, |s| s.chars().count().max(1))
        )
    ))
}

/// `hackenbook census shard NAME --shard I --of N`: one shard of a census into a result file.
pub fn census_shard(
    name: &str,
    shard: census::families::forests::Shard,
    out: Option<&Path>,
    defs: &mut Definitions,
) -> Result<(), Failure> {
    let family = defs.workspace.family_named(name).map_err(Failure::Other)?;
    if shard.count == 0 || shard.index >= shard.count {
        return Err(Failure::Other(format!(
            "--shard counts from 1 to --of ({}); got {}",
            shard.count,
            shard.index.wrapping_add(1)
        )));
    }
    let shapes = family.kind.shape_count(family.max_edges) as usize;
    if shard.count > shapes {
        return Err(Failure::Other(format!(
            "`{name}` has {shapes} shape{} of its largest size, so at most {shapes} shard{}",
            if shapes == 1 { "" } else { "s" },
            if shapes == 1 { "" } else { "s" }
        )));
    }
    // A shard tabulates every size below the top: refused if the machine cannot hold it.
    census::memory::fits(family.shard_cost(shard).peak_bytes())
        .map_err(|why| Failure::Other(format!("shard {} of `{name}`: {why}", shard.index + 1)))?;
    let path = out.map_or_else(
        || census::store::shard::default_path(name, shard),
        Path::to_path_buf,
    );
    let key = kept_key("a shard is sealed under your key, so that `merge` can believe it")?;
    let games = &mut defs.checker.ev.games;
    let done = census::store::shard::run_to_file(
        &family,
        name,
        shard,
        &path,
        census::store::shard::CHECKPOINT_EVERY,
        key,
        games,
    )
    .map_err(Failure::Other)?;
    say(&done);
    Ok(())
}

/// The user's key, if it is kept in a file (what it seals outlives this run), or why `what`
/// cannot be done without one.
fn kept_key(what: &str) -> Result<&'static hackenbook_base::trust::Key, Failure> {
    let key = hackenbook_base::trust::Key::user()
        .ok_or_else(|| Failure::Other("the system gave no random bytes for a key".into()))?;
    key.kept()
        .map_err(|why| Failure::Other(format!("{what}, but {why}")))?;
    Ok(key)
}

/// `hackenbook census export NAME --parquet FILE`: the census's per-position table.
pub fn census_export(name: &str, path: &Path, defs: &mut Definitions) -> Result<(), Failure> {
    let family = defs.workspace.family_named(name).map_err(Failure::Other)?;
    // The confirmation and the memory every census run asks for.
    let refused = |why: String| Failure::Other(format!("census export `{name}`: {why}"));
    defs.workspace.confirmed(name, &family).map_err(refused)?;
    #[cfg(feature = "parquet")]
    {
        census::memory::fits(census::store::export::peak_bytes(&family)).map_err(refused)?;
        eprintln!("census {name}: {}", family.cost().describe());
        let progress = census::progress::Progress::new(family.cost().evaluated as u64, name);
        // The export runs under the run's clock (or the time `--yes` gave it): the engine's
        // workers and the properties read it, and a stop removes the unfinished file.
        let ev = &mut defs.checker.ev;
        let limit = (defs.workspace).estimated_time_limit(
            name,
            family.cost().seconds(),
            ev.games.clock().limit,
        );
        let done = ev.with_time_limit(limit, |ev| {
            ev.games.timed(|games| {
                let running = games.running();
                let report = |n| {
                    progress.add(n);
                    running.stop_if_due();
                };
                census::store::export::write_parquet(&family, path, &report, games)
            })
        });
        progress.finish();
        let done = done.map_err(|stop| format!("the export of `{name}` stopped: {stop}"));
        say(&done.and_then(|written| written).map_err(Failure::Other)?);
        Ok(())
    }
    #[cfg(not(feature = "parquet"))]
    {
        let _ = (family, path);
        Err(Failure::Other(
            "this hackenbook was built without Parquet (the `parquet` feature)".into(),
        ))
    }
}

/// `hackenbook census merge NAME FILES…`: the shards combined into the census cache.
pub fn census_merge(
    name: &str,
    files: &[std::path::PathBuf],
    defs: &mut Definitions,
) -> Result<(), Failure> {
    let family = defs.workspace.family_named(name).map_err(Failure::Other)?;
    let key = kept_key("shards are believed only under the key they were sealed with")?;
    let rows = census::store::shard::merge_files(&family, files, key).map_err(|problems| {
        Failure::Other(format!(
            "the shards of `{name}` cannot be merged:\n  {}",
            problems.join("\n  ")
        ))
    })?;
    let games = &mut defs.checker.ev.games;
    let origin = census::query::obtained::Origin::Merged {
        shards: files.len(),
    };
    let path = defs
        .workspace
        .store_rows(&family, &rows, origin, games)
        .map_err(Failure::Other)?;
    let positions: u64 = rows.iter().map(|r| r.count).sum();
    say(&format!(
        "merged {} shards of `{name}` ({positions} positions, {} records) into {}",
        files.len(),
        rows.len(),
        path.display()
    ));
    Ok(())
}

/// The members a `list` query found, one line each.
pub fn listing_text(query: &str, listing: &census::Listing, limit: usize) -> String {
    use hackenbook_book::essay::diagnostic::counted;
    let family = query.trim_start().trim_start_matches("list").trim();
    if listing.positions == 0 {
        return format!("{family}: no position");
    }
    let mut out = format!(
        "{family}: {} in {} that agree in every property; the smallest of each group, in \
         census order (×N: the group holds N positions)",
        counted(listing.positions as usize, "position"),
        counted(listing.records, "group")
    );
    let width = listing
        .members
        .iter()
        .map(|(e, _)| e.notation.chars().count())
        .max()
        .unwrap_or(0);
    for (example, count) in &listing.members {
        let pad = width - example.notation.chars().count();
        out.push_str(&format!(
            "\n  {}{}  {}",
            example.notation,
            " ".repeat(pad),
            example.summary
        ));
        if *count > 1 {
            out.push_str(&format!("  (×{count})"));
        }
    }
    if listing.records > listing.members.len() {
        out.push_str(&format!(
            "\n  … and {} more (--limit {} shows all)",
            listing.records - listing.members.len(),
            listing.records.max(limit)
        ));
    }
    out
}

/// `hackenbook claims [--json] [--unchecked]`: every claim of every essay, checked; or, with
/// `--unchecked`, every formula of the prose that reads as a relation between games and is not
/// checked.
pub fn claims(
    project: &Project,
    json: bool,
    unchecked: bool,
    essay: Option<&Path>,
) -> Result<(), Failure> {
    // A run with failed claims still lists every claim: that is when the list is wanted.
    let (mut checked, mut problems) = driver::check_all(project)?;
    if let Some(path) = essay {
        // One essay's claims and problems (the site is checked whole: links reach across).
        let name = hackenbook_book::essay::SourceFile::new(path, "")
            .in_project(&project.root)
            .name;
        if !checked.essays.iter().any(|e| e.essay.file.name == name) {
            return Err(Failure::Other(format!(
                "{} is not an essay of this project",
                path.display()
            )));
        }
        checked.essays.retain(|e| e.essay.file.name == name);
        problems.retain(|d| d.file.name == name);
    }
    if unchecked {
        let formulas: Vec<hackenbook_book::check::UncheckedFormula> = checked
            .essays
            .iter()
            .flat_map(|e| hackenbook_book::check::unchecked_relations(&e.essay))
            .collect();
        if json {
            let text = serde_json::to_string_pretty(&formulas)
                .map_err(|e| Failure::Other(e.to_string()))?;
            say(&text);
        } else {
            for f in &formulas {
                say(&format!(
                    "{}:{}:{}  ${}$  reads as `{}`, not checked",
                    f.file, f.line, f.column, f.tex, f.reads_as
                ));
            }
            say(&format!(
                "{} unchecked relation{} (check one by writing it `{{$…$}}`)",
                formulas.len(),
                if formulas.len() == 1 { "" } else { "s" }
            ));
        }
        return finish(problems);
    }
    let records = in_line_order(&checked.essays);
    if json {
        let text =
            serde_json::to_string_pretty(&records).map_err(|e| Failure::Other(e.to_string()))?;
        say(&text);
    } else {
        for r in records.iter().map(|l| l.record) {
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
    finish(problems)
}

/// A claim as `hackenbook claims` lists it: its anchor in its page's notebook (which the page
/// gives it, by the check's order), then the record.
#[derive(serde::Serialize)]
pub struct Listed<'a> {
    id: String,
    #[serde(flatten)]
    record: &'a hackenbook_book::check::ClaimRecord,
    /// How each figure behind it was computed, in the notebook's words.
    how: Vec<hackenbook_census::query::obtained::How>,
}

/// Every claim of `essays`, essay after essay (in ladder order), each essay's in the order of
/// its source: by line, then column (the check keeps them in the order it checks them, exercise
/// answers first), each with its anchor.
pub fn in_line_order(essays: &[hackenbook_book::check::CheckedEssay]) -> Vec<Listed<'_>> {
    let mut listed = Vec::new();
    for essay in essays {
        let start = listed.len();
        listed.extend(essay.claims.iter().enumerate().map(|(i, record)| Listed {
            id: hackenbook_book::page::claim_id(i),
            record,
            how: hackenbook_book::page::how_words(&record.how),
        }));
        listed[start..].sort_by_key(|l| (l.record.line, l.record.column));
    }
    listed
}

/// The end of a command that checked the essays: its problems fail it; warnings alone are
/// printed to stderr and do not.
fn finish(problems: Vec<hackenbook_book::essay::Diagnostic>) -> Result<(), Failure> {
    if problems.iter().any(|d| !d.warning) {
        return Err(Failure::Problems(problems));
    }
    if !problems.is_empty() {
        eprint!(
            "{}",
            hackenbook_book::essay::diagnostic::render_warnings(&problems)
        );
    }
    Ok(())
}

/// `hackenbook new SLUG [--title TITLE]`: the sample essay ([`crate::init::sample_essay`]) with
/// a placeholder summary, on the next free rung, never overwriting. The title defaults to the slug in words
/// (`sums-that-balance` → "Sums that balance").
pub fn new_essay(project: &Project, slug: &str, title: Option<&str>) -> Result<(), Failure> {
    if let Some(reason) = hackenbook_book::essay::front::slug_problem(slug) {
        return Err(Failure::Other(format!("slug `{slug}` {reason}")));
    }
    let path = project.essays_dir.join(format!("{slug}.md"));
    // A link at the name counts, dangling or not: nothing is written through it.
    if std::fs::symlink_metadata(&path).is_ok() {
        return Err(Failure::Other(format!(
            "{} already exists: not overwritten",
            path.display()
        )));
    }
    let rung = next_rung(project);
    std::fs::create_dir_all(&project.essays_dir).map_err(|e| Failure::Other(e.to_string()))?;
    let title = title.map_or_else(|| crate::init::title_of(slug), str::to_string);
    let text = crate::init::sample_essay(
        &title,
        slug,
        rung,
        hackenbook_book::essay::front::PLACEHOLDER_SUMMARY,
        hackenbook_book::essay::front::Date::today(),
    );
    crate::init::write_essay(&path, &text).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => Failure::Other(format!(
            "{} already exists: not overwritten",
            path.display()
        )),
        _ => Failure::Other(format!("cannot write {}: {e}", path.display())),
    })?;
    say(&format!("created {} on rung {rung}", path.display()));
    Ok(())
}

/// One above the highest rung of the essays that read; 1 for the first essay.
fn next_rung(project: &Project) -> i64 {
    let files = match project.essays_dir.is_dir() {
        true => driver::load(project).unwrap_or_default(),
        false => Vec::new(),
    };
    files
        .iter()
        .map(|f| hackenbook_book::essay::parse::parse_recovering(f).0)
        .filter(|e| !e.front.stand_in)
        .map(|e| e.front.rung)
        .max()
        .map_or(1, |r| r.saturating_add(1))
}

/// `hackenbook play POSITION [--game GAME] [--childish] [--json]`: the play table as JSON, or a
/// game against the solver on stdin and stdout. A position of another game is written
/// `domineering: 2x3` or given with `--game`, as `eval` takes it; a bare one is Hackenbush's.
pub fn play(
    input: &str,
    game: Option<&str>,
    childish: bool,
    json: bool,
    ev: &mut Evaluator,
) -> Result<(), Failure> {
    let table = play_table(input, game, childish, ev)?;
    if json {
        say(&serde_json::to_string(&table).map_err(|e| Failure::Other(e.to_string()))?);
        return Ok(());
    }
    let stdin = std::io::stdin();
    let (mut input, mut out) = (stdin.lock(), std::io::stdout());
    play_against_solver(&table, &mut input, &mut out)
        .map_err(|e| Failure::Other(format!("cannot talk to the terminal: {e}")))
}

/// The play table of `input`: a position of the game `game`, or written `GAME: POSITION`, or
/// else a bare Hackenbush position (`LR`, as `hackenbush: LR`), all read through the registry,
/// valued by the run's solvers (`ev`: under its time limit) and played on the one table every
/// game has.
pub fn play_table(
    input: &str,
    game: Option<&str>,
    childish: bool,
    ev: &mut Evaluator,
) -> Result<PlayTable, Failure> {
    let (game, text) = match game {
        Some(game) => (game, input),
        None => match registry::tagged_game(input) {
            Some(Ok((ruleset, at))) => (ruleset.name(), input[at..].trim()),
            Some(Err(e)) => {
                return Err(Failure::Other(format!(
                    "{}\n  help: {}",
                    e.message,
                    e.help.unwrap_or_default()
                )))
            }
            None => (HACKENBUSH, input),
        },
    };
    let position = read_game_position(game, text, childish)?;
    let Evaluator { games, rulesets } = ev;
    PlayTable::build(&position, &PlayLimits::default(), rulesets, games).map_err(|e| {
        Failure::Other(format!(
            "cannot play {}: {e}",
            capped(format!("`{game}: {}`", position.print()))
        ))
    })
}

/// A game against the solver, of any game: the user picks a side and who starts, then types
/// moves by their names (a Hackenbush cut by its edge's name), read as the game reads them
/// (an illegal one is answered with the game's reason); the solver answers with a winning move
/// whenever it has one ([`PlayTable::solver_choice`]). Ends when the player to move has no
/// move, or on `quit` or the end of the input.
pub fn play_against_solver(
    table: &PlayTable,
    input: &mut dyn std::io::BufRead,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let start = &table.positions[0];
    let verb = table.reached[0].ruleset().move_verb();
    writeln!(
        out,
        "{}{}: {}, worth {}.{}",
        table.game,
        table
            .variant
            .map_or(String::new(), |v| format!(" (the {v} rules)")),
        start.position,
        table.values[start.value],
        table.players.map_or(String::new(), |p| format!("\n{p}."))
    )?;
    let Some(human) = ask_player(input, out, "Play as left or right?")? else {
        return Ok(());
    };
    let Some(mut to_move) = ask_player(input, out, "Who starts, left or right?")? else {
        return Ok(());
    };
    let mut here = 0;
    loop {
        let entry = &table.positions[here];
        writeln!(
            out,
            "\n{}: worth {}, {to_move} to move.",
            if entry.position.is_empty() {
                "Nothing is left"
            } else {
                &entry.position
            },
            table.values[entry.value]
        )?;
        let Some(choice) = table.solver_choice(here, to_move) else {
            let verdict = if to_move == human {
                "the solver wins"
            } else {
                "you win"
            };
            writeln!(out, "{to_move} has no move left: {verdict}.")?;
            return Ok(());
        };
        if to_move != human {
            writeln!(out, "The solver {verb} {}.", choice.name)?;
            here = choice.to;
            to_move = to_move.other();
            continue;
        }
        let names: Vec<String> = entry
            .moves(to_move)
            .iter()
            .map(|m| match &m.piece {
                Some(piece) => format!("{} ({piece})", m.name),
                None => m.name.clone(),
            })
            .collect();
        write!(out, "Your move ({}; or quit): ", names.join(", "))?;
        out.flush()?;
        let line = match read_line(input)? {
            Read::Line(line) if !line.eq_ignore_ascii_case("quit") => line,
            Read::TooLong => {
                writeln!(out, "{TOO_LONG}")?;
                continue;
            }
            Read::Line(_) | Read::End => {
                writeln!(out, "\nGame abandoned.")?;
                return Ok(());
            }
        };
        match table.find_move(here, to_move, &line) {
            Ok(m) => {
                here = m.to;
                to_move = to_move.other();
            }
            Err(why) => writeln!(out, "{why}.")?,
        }
    }
}

fn ask_player(
    input: &mut dyn std::io::BufRead,
    out: &mut dyn Write,
    question: &str,
) -> std::io::Result<Option<Player>> {
    loop {
        write!(out, "{question} ")?;
        out.flush()?;
        let line = match read_line(input)? {
            Read::Line(line) => line,
            Read::TooLong => {
                writeln!(out, "{TOO_LONG}")?;
                continue;
            }
            Read::End => return Ok(None),
        };
        match line.parse::<Player>() {
            Ok(p) => return Ok(Some(p)),
            Err(why) => writeln!(out, "{why}")?,
        }
    }
}

/// The longest line `play` reads from its input; the rest of a longer one is skipped unread.
pub const MAX_INPUT_LINE: usize = 4096;

const TOO_LONG: &str = "That line is too long (over 4096 bytes): type a move's name.";

/// A line of `play`'s input.
enum Read {
    /// Trimmed (bytes that are not UTF-8 read as `�`).
    Line(String),
    /// Longer than [`MAX_INPUT_LINE`]: skipped to its end, never held whole.
    TooLong,
    /// The input has ended.
    End,
}

/// The next line of input, at most [`MAX_INPUT_LINE`] bytes of it held: an endless line (`yes
/// | hackenbook play …` without newlines, a file of one line) costs a fixed amount of memory.
fn read_line(input: &mut dyn std::io::BufRead) -> std::io::Result<Read> {
    let mut line = Vec::new();
    let inner: &mut dyn std::io::BufRead = &mut *input;
    let mut limited = std::io::Read::take(inner, MAX_INPUT_LINE as u64 + 1);
    let read = std::io::BufRead::read_until(&mut limited, b'\n', &mut line)?;
    if read == 0 {
        return Ok(Read::End);
    }
    if line.len() > MAX_INPUT_LINE && !line.ends_with(b"\n") {
        // Skip to the end of the line, a buffer at a time.
        loop {
            let buffer = input.fill_buf()?;
            if buffer.is_empty() {
                break;
            }
            match buffer.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    input.consume(i + 1);
                    break;
                }
                None => {
                    let n = buffer.len();
                    input.consume(n);
                }
            }
        }
        return Ok(Read::TooLong);
    }
    Ok(Read::Line(
        String::from_utf8_lossy(&line).trim().to_string(),
    ))
}
