//! A stack deep enough for the recursions that the budgets allow.
//!
//! The one idea: **every recursion over user input is bounded by a named budget, and the
//! budgets are sized for one stack, [`DEEP_STACK_BYTES`], not for whichever thread happens to
//! call.** Game comparisons recurse once per layer of a game (at most
//! `games::notation::HEIGHT_LIMIT` layers for a game built from notation, two such games
//! in a sum), the solver's game tree once per edge (at most its `max_tree_edges`), parsers once
//! per bracket (at most `games::notation::MAX_NESTING`). A thread's default stack (2 MiB
//! for spawned threads, 8 MiB for `main`) holds less than that in a debug build, so the commands,
//! the solver and the rebuilds of `serve` run on a thread with this stack. Only the pages the
//! recursion touches are ever mapped, so the size costs address space, not memory.

/// The stack size of the threads that check essays and value games.
pub const DEEP_STACK_BYTES: usize = 256 << 20;

thread_local! {
    /// Set on every thread this module started: work there already has the deep stack.
    static ON_DEEP_STACK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the calling thread already has [`DEEP_STACK_BYTES`] of stack.
pub fn on_deep_stack() -> bool {
    ON_DEEP_STACK.with(|on| on.get())
}

/// Runs `work` with [`DEEP_STACK_BYTES`] of stack and returns its result: in place on a thread
/// that already has it (so a build, which runs on one such thread, starts no thread per
/// position), else on a scoped thread of its own; a panic in `work` is resumed on the caller.
/// `Err` only when no such thread can be had.
pub fn run_deep<T: Send>(name: &str, work: impl FnOnce() -> T + Send) -> std::io::Result<T> {
    if on_deep_stack() {
        return Ok(work());
    }
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .name(name.to_string())
            .stack_size(DEEP_STACK_BYTES)
            .spawn_scoped(scope, || {
                ON_DEEP_STACK.with(|on| on.set(true));
                work()
            })?;
        Ok(handle
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}

/// Spawns a long-lived thread with [`DEEP_STACK_BYTES`] of stack.
pub fn spawn_deep<F>(name: &str, work: F) -> std::io::Result<std::thread::JoinHandle<()>>
where
    F: FnOnce() + Send + 'static,
{
    std::thread::Builder::new()
        .name(name.to_string())
        .stack_size(DEEP_STACK_BYTES)
        .spawn(|| {
            ON_DEEP_STACK.with(|on| on.set(true));
            work()
        })
}
