//! The README's table of query properties is the property table of `crates/census/src/query/property.rs`:
//! a property added, renamed or redocumented in one and not the other fails here; and its table
//! of the Parquet export's columns names every field of the record.
use hackenbook_census::query::property::readme_table;

#[test]
fn the_readme_lists_exactly_the_property_table() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("README.md is readable");
    let table = readme_table();
    assert!(
        readme.contains(&table),
        "README.md's table of properties differs from crates/census/src/query/property.rs; it should read:\n\n{table}"
    );
    // One table of properties, not two.
    assert_eq!(readme.matches("| property |").count(), 1);
}

/// The README's rows of words for true and false are the lists the checker reads, in full.
#[test]
fn the_readme_lists_every_word_for_true_and_false() {
    use hackenbook_census::query::literal::{AFFIRMATIVE, NEGATIVE};
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("README.md is readable");
    for (words, meaning) in [
        (AFFIRMATIVE, "a statement that holds"),
        (NEGATIVE, "a statement that fails"),
    ] {
        let listed: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
        let row = format!("| {} | {meaning}", listed.join(", "));
        assert!(
            readme.contains(&row),
            "README.md should have the row:\n{row}"
        );
    }
}

/// The README's table of the Parquet export's columns names every field of the record, each in
/// the row of its type: the counts `int32`, the conditions `boolean`, the values `double`.
#[test]
fn the_readme_lists_every_record_field_as_a_column() {
    use hackenbook_census::record::{Fact, Facts, Field};
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("README.md is readable");
    let listed = |names: Vec<&str>, ty: &str| {
        let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
        let row = format!("| {} | {ty} | the record's", names.join(", "));
        assert!(
            readme.contains(&row),
            "README.md should have the row:\n{row}"
        );
    };
    let facts = Facts::default().named();
    let of = |counts: bool| {
        (facts.iter())
            .filter(|(_, f)| matches!(f, Fact::Count(_)) == counts)
            .map(|(n, _)| *n)
            .collect()
    };
    listed(of(true), "int32");
    listed(of(false), "boolean");
    listed(Field::ALL.iter().map(|f| f.name()).collect(), "double");
}
