//! Links the command line as a fixed-address executable on Linux (`-no-pie`): its code is
//! position-independent all the same, but the loader then has no relocations to apply at
//! start-up (a position-independent build has some 28,000, and writes every page of tables of
//! pointers they land in), which is a third of the start-up of a small query. Only the
//! binary: tests and the library are linked as before.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os == "linux" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
