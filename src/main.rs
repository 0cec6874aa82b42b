//! The command line: a thin layer over the library. Exit status 0 when everything holds, 1 for
//! failed claims or bad input, 2 for a usage error (clap's own).

use clap::{Parser, Subcommand, ValueEnum};
use hackenbook::serve;
use hackenbook_book::driver::{self, Failure, Printed, Project, Warnings};
use hackenbook_book::essay::diagnostic::{counted, MessageFormat, Run};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "hackenbook",
    version,
    about = "Essays on combinatorial games, with the mathematics checked"
)]
struct Cli {
    /// The project folder: essays/ (required), hackenbook.toml and templates/ (both optional;
    /// built-in templates otherwise).
    #[arg(long, global = true, default_value = ".")]
    root: PathBuf,
    /// Seconds one evaluation of a position may take before it stops with the time budget's
    /// error (0: no limit; at most 604800, a week) [default: 10; a census confirmed with
    /// `--yes`: twice its estimated time, if longer].
    #[arg(long, global = true, value_name = "SECONDS",
          value_parser = clap::value_parser!(u64).range(0..=hackenbook_games::clock::MAX_SECONDS))]
    time_limit: Option<u64>,
    /// Read and write no cache: every figure is computed by this run (for builds that publish;
    /// refused by `serve`, which always uses the cache).
    #[arg(long, global = true)]
    no_cache: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check every essay and write the site.
    Build {
        /// Where to write the site (default: site/ in the project).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Fail on warnings too (for CI): no site is written.
        #[arg(long)]
        deny_warnings: bool,
        /// How problems and warnings are printed.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        message_format: Format,
    },
    /// Run every evaluation and claim, writing nothing but the cache.
    Check {
        /// Fail on warnings too (for CI).
        #[arg(long)]
        deny_warnings: bool,
        /// How problems and warnings are printed.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        message_format: Format,
    },
    /// Print the value of a position (who wins, and each move's value) or of a game expression.
    Eval {
        /// A Hackenbush position (`LRRL`, `L(L R)`, `g-a G, a-b G, b-g G`), a game (`{0,1/2|2}`, `^ + *`,
        /// `[LR] + [R]`, `tree + 1` with a position of the essays), or a position of another
        /// game (`domineering: 4x4`, `toads-and-frogs: TT..FF`).
        input: String,
        /// Read INPUT as a position of this game (nim, domineering, toads-and-frogs, cutcake,
        /// push, shove) and print its value and every move's.
        #[arg(long)]
        game: Option<String>,
        /// Use one essay's positions (default: every essay's, in ladder order).
        #[arg(long)]
        essay: Option<PathBuf>,
        /// Print the canonical form fully explicit, in nested braces.
        #[arg(long)]
        explicit: bool,
        /// Value a position under the childish rules.
        #[arg(long)]
        childish: bool,
        /// Decide only who wins a Domineering board (`domineering: 8x8`), for each player moving
        /// first, by the outcome search, without its canonical value.
        #[arg(long)]
        outcome: bool,
        /// Print a position's value and who wins, without valuing and listing its moves (each a
        /// position of its own: a bed's thirty moves take longer than the bed).
        #[arg(long)]
        no_moves: bool,
    },
    /// Play a position against the solver, or print its play table.
    Play {
        /// A Hackenbush position (`LR LR R`, `g-a L, a-b R, b-g G`), or a position of another game
        /// (`domineering: 2x3`, `toads-and-frogs: TT..FF`).
        position: String,
        /// Read POSITION as a position of this game (nim, domineering, toads-and-frogs, cutcake,
        /// push, shove).
        #[arg(long)]
        game: Option<String>,
        /// Play under the childish rules.
        #[arg(long)]
        childish: bool,
        /// Print the table of every reachable position as JSON instead of playing.
        #[arg(long)]
        json: bool,
    },
    /// Answer a census query, e.g. `count forests7 where reading = value`, or list a family's
    /// members: `list forests4 where value = 0`; or run a census in shards and merge them.
    #[command(args_conflicts_with_subcommands = true)]
    Census {
        #[command(subcommand)]
        batch: Option<Batch>,
        #[arg(required = true)]
        query: Option<String>,
        /// Run a built-in family larger than 50,000,000 positions (its cost is printed when
        /// refused).
        #[arg(long)]
        yes: bool,
        /// Use one essay's censuses and positions (default: every essay's, in ladder order).
        #[arg(long)]
        essay: Option<PathBuf>,
        /// How many groups `list` shows.
        #[arg(long, default_value_t = hackenbook::commands::LIST_LIMIT)]
        limit: usize,
    },
    /// List every claim of every essay.
    Claims {
        /// As JSON: file, line, column, byte range, literal, figure, holds.
        #[arg(long)]
        json: bool,
        /// List the formulas of the prose that state a relation between games but are not checked.
        #[arg(long)]
        unchecked: bool,
        /// Only this essay's claims (and problems).
        #[arg(long)]
        essay: Option<PathBuf>,
    },
    /// Start a new site in DIR (created if missing; refused unless empty): hackenbook.toml, a
    /// sample essay, a .gitignore.
    Init { dir: PathBuf },
    /// Start a new essay from a template, on the next free rung.
    New {
        slug: String,
        /// The title (default: the slug in words, `sums-that-balance` → "Sums that balance").
        #[arg(long)]
        title: Option<String>,
    },
    /// Be an mdBook preprocessor (book.toml: `[preprocessor.hackenbook]`, `command = "hackenbook
    /// mdbook"`): read mdBook's `[context, book]` JSON on standard input, check every chapter,
    /// print the book with hackenbook's blocks rendered; a wrong claim fails `mdbook build`.
    Mdbook {
        #[command(subcommand)]
        query: Option<MdbookQuery>,
    },
    /// Build, serve the site locally, and rebuild and reload the open page on every save.
    Serve {
        /// The port (0 picks a free one).
        #[arg(long, default_value_t = 3000)]
        port: u16,
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// Open the site in the browser (with xdg-open; `open` on macOS), or say why none could
        /// be opened.
        #[arg(long)]
        open: bool,
    },
}

/// `--message-format`: for people, or one line per diagnostic for machines.
#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// rustc-style, with a snippet of the source (on standard error).
    Human,
    /// One JSON object per diagnostic per line, on standard output (as cargo's).
    Json,
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`), on standard output.
    Github,
}

impl From<Format> for MessageFormat {
    fn from(f: Format) -> MessageFormat {
        match f {
            Format::Human => MessageFormat::Human,
            Format::Json => MessageFormat::Json,
            Format::Github => MessageFormat::Github,
        }
    }
}

/// What mdBook asks a preprocessor before it runs it.
#[derive(Subcommand)]
enum MdbookQuery {
    /// Exit 0 if the preprocessor serves this renderer (`html`), 1 otherwise.
    Supports { renderer: String },
}

/// A census too large for one run: shards computed apart (a Slurm job array), then merged.
#[derive(Subcommand)]
enum Batch {
    /// Compute one shard of a census (blue-red families) into a result file.
    Shard {
        /// The census: a census block's name or a built-in family (`forests12`).
        name: String,
        /// Which shard, from 1 to --of (`$SLURM_ARRAY_TASK_ID`).
        #[arg(long)]
        shard: usize,
        /// How many shards the census is split into.
        #[arg(long)]
        of: usize,
        /// The result file (default: census-NAME-I-of-N.json).
        #[arg(long)]
        out: Option<PathBuf>,
        #[arg(long)]
        essay: Option<PathBuf>,
    },
    /// Write a census's per-position table (notation, value, every property) as Parquet.
    Export {
        name: String,
        /// The Parquet file to write (a file there not written by hackenbook is refused).
        #[arg(long)]
        parquet: PathBuf,
        /// Export a built-in family larger than 50,000,000 positions (its cost is printed when
        /// refused).
        #[arg(long)]
        yes: bool,
        #[arg(long)]
        essay: Option<PathBuf>,
    },
    /// Merge a complete set of shard files into the census cache, where builds find it.
    Merge {
        name: String,
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[arg(long)]
        essay: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // What a failure says depends on the command: a failed build wrote nothing; machines read
    // the diagnostics in their own format.
    let (format, run_kind) = match &cli.command {
        Command::Build { message_format, .. } => ((*message_format).into(), Run::Build),
        Command::Check { message_format, .. } => ((*message_format).into(), Run::Check),
        _ => (MessageFormat::Human, Run::Check),
    };
    // Every command runs on a stack sized for the budgets of the recursions it may do.
    let result = hackenbook_base::stack::run_deep("hackenbook", || run(cli)).unwrap_or_else(|e| {
        Err(Failure::Other(format!(
            "cannot start a thread with {} MiB of stack: {e}",
            hackenbook_base::stack::DEEP_STACK_BYTES >> 20
        )))
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            show(&failure.printed(format, run_kind));
            ExitCode::from(1)
        }
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    let mut project = Project::at(&cli.root);
    // Without `--time-limit`, the default `Project::at` set stands.
    if let Some(seconds) = cli.time_limit {
        project.time_limit = (seconds > 0).then(|| std::time::Duration::from_secs(seconds));
    }
    let time_limit_given = cli.time_limit.is_some();
    if cli.no_cache {
        project.cache_dir = None;
    }
    match cli.command {
        Command::Build {
            out,
            deny_warnings,
            message_format,
        } => build(project, out, warnings(deny_warnings), message_format.into()),
        Command::Check {
            deny_warnings,
            message_format,
        } => check(&project, warnings(deny_warnings), message_format.into()),
        Command::Eval {
            input,
            game,
            essay,
            explicit,
            childish,
            outcome,
            no_moves,
        } => {
            let mut defs = driver::definitions(&project, essay.as_deref())?;
            if outcome {
                hackenbook::commands::eval_outcome(game.as_deref(), &input, &mut defs)
            } else {
                let asked = hackenbook::commands::Asked {
                    moves: !no_moves,
                    ..hackenbook::commands::Asked::new(explicit, childish)
                };
                hackenbook::commands::eval(&input, game.as_deref(), &asked, &mut defs)
            }
        }
        Command::Play {
            position,
            game,
            childish,
            json,
        } => {
            let mut ev = hackenbook_rulesets::hackenbush::Evaluator::new(&project.settings());
            hackenbook::commands::play(&position, game.as_deref(), childish, json, &mut ev)
        }
        Command::Census {
            batch: Some(batch), ..
        } => census_batch(&project, batch, time_limit_given),
        Command::Census {
            query,
            essay,
            limit,
            yes,
            ..
        } => {
            let query = query.unwrap_or_default();
            let defined = |unread: bool| -> Result<driver::Definitions, Failure> {
                let mut defs = match unread {
                    true => driver::no_definitions(&project),
                    false => driver::definitions(&project, essay.as_deref())?,
                };
                confirm(&mut defs, yes, time_limit_given);
                Ok(defs)
            };
            // A query of built-in families alone is asked first without valuing the essays'
            // positions, which it cannot read; if it fails, it is asked again with every
            // definition, so that it fails as it always did.
            if driver::needs_no_definitions(&project, essay.as_deref(), &query)? {
                let mut defs = defined(true)?;
                if let Ok(text) = hackenbook::commands::census_answer(&query, limit, &mut defs) {
                    hackenbook::commands::say(&text);
                    // The process ends here: the census's tables (tens of megabytes for a
                    // large one) are left to the operating system, not freed one by one.
                    std::mem::forget(defs);
                    return Ok(());
                }
            }
            hackenbook::commands::census(&query, limit, &mut defined(false)?)
        }
        Command::Claims {
            json,
            unchecked,
            essay,
        } => hackenbook::commands::claims(&project, json, unchecked, essay.as_deref()),
        Command::Init { dir } => {
            let written = hackenbook::init::init(&dir)?;
            for path in written {
                hackenbook::commands::say(&format!("created {}", path.display()));
            }
            hackenbook::commands::say(&format!(
                "next: cd {} && hackenbook build (or hackenbook serve --open)",
                dir.display()
            ));
            Ok(())
        }
        Command::New { slug, title } => {
            hackenbook::commands::new_essay(&project, &slug, title.as_deref())
        }
        Command::Mdbook { query } => mdbook(&project, query),
        Command::Serve { port, bind, open } => {
            if cli.no_cache {
                return Err(Failure::Other(
                    "`serve` always uses the cache (it is for writing); `--no-cache` is for \
                     `build` and `check` runs that publish"
                        .into(),
                ));
            }
            let options = serve::Options {
                host: bind,
                port,
                open,
                time_limit: project.time_limit,
            };
            serve::run(&cli.root, &options)
        }
    }
}

fn mdbook(project: &Project, query: Option<MdbookQuery>) -> Result<(), Failure> {
    use hackenbook::mdbook;
    if let Some(MdbookQuery::Supports { renderer }) = query {
        return if mdbook::supports(&renderer) {
            Ok(())
        } else {
            Err(Failure::Other(format!(
                "hackenbook mdbook writes HTML: it serves the html renderer, not {renderer}"
            )))
        };
    }
    let mut input = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut input).map_err(|e| {
        Failure::Other(format!(
            "cannot read mdBook's book from standard input: {e}"
        ))
    })?;
    let options = hackenbook_book::check::CheckOptions {
        cache_dir: project.cache_dir.clone(),
        time_limit: project.time_limit,
        cancel: None,
    };
    let done = mdbook::preprocess(&input, &options)?;
    // Standard output is mdBook's: the warnings go to standard error, as people read them.
    show(&driver::warnings_printed(
        &done.warnings,
        MessageFormat::Human,
    ));
    println!("{}", done.book);
    Ok(())
}

/// `--yes`: a built-in family of any size runs, and unless `--time-limit` was given, with the
/// time it is estimated to need.
fn confirm(defs: &mut driver::Definitions, yes: bool, time_limit_given: bool) {
    if yes {
        defs.workspace.confirm_cost();
        if !time_limit_given {
            defs.workspace.give_estimated_time();
        }
    }
}

fn census_batch(project: &Project, batch: Batch, time_limit_given: bool) -> Result<(), Failure> {
    match batch {
        Batch::Shard {
            name,
            shard,
            of,
            out,
            essay,
        } => {
            let mut defs = driver::definitions(project, essay.as_deref())?;
            let shard = hackenbook_census::families::forests::Shard {
                index: shard.wrapping_sub(1),
                count: of,
            };
            hackenbook::commands::census_shard(&name, shard, out.as_deref(), &mut defs)
        }
        Batch::Export {
            name,
            parquet,
            yes,
            essay,
        } => {
            let mut defs = driver::definitions(project, essay.as_deref())?;
            confirm(&mut defs, yes, time_limit_given);
            hackenbook::commands::census_export(&name, &parquet, &mut defs)
        }
        Batch::Merge { name, files, essay } => {
            let mut defs = driver::definitions(project, essay.as_deref())?;
            hackenbook::commands::census_merge(&name, &files, &mut defs)
        }
    }
}

fn warnings(deny: bool) -> Warnings {
    if deny {
        Warnings::Deny
    } else {
        Warnings::Allow
    }
}

fn build(
    mut project: Project,
    out: Option<PathBuf>,
    warnings: Warnings,
    format: MessageFormat,
) -> Result<(), Failure> {
    if let Some(out) = out {
        project.out_dir = out;
    }
    let report = driver::build_with(&project, warnings)?;
    show(&driver::warnings_printed(&report.warnings, format));
    summary(
        format,
        &format!(
            "built {} ({}) into {}; checked {}",
            counted(report.pages, "page"),
            counted(report.positions, "position"),
            report.out_dir.display(),
            report.tally
        ),
    );
    Ok(())
}

fn check(project: &Project, warnings: Warnings, format: MessageFormat) -> Result<(), Failure> {
    let checked = driver::check_with(project, warnings)?;
    show(&driver::warnings_printed(&checked.warnings, format));
    summary(
        format,
        &format!(
            "{} checked: {} hold",
            counted(checked.essays.len(), "essay"),
            hackenbook_book::check::Tally::of(&checked.essays)
        ),
    );
    Ok(())
}

/// What a run says when it passed: on standard output for people, on standard error when
/// standard output is for machines.
fn summary(format: MessageFormat, line: &str) {
    match format {
        MessageFormat::Human => println!("{line}"),
        _ => eprintln!("{line}"),
    }
}

fn show(printed: &Printed) {
    print!("{}", printed.stdout);
    eprint!("{}", printed.stderr);
}
