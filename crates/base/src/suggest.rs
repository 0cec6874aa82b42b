//! "Did you mean": the known name nearest to one that is not known, for a message's help line.

/// The known word within edit distance 2, for "did you mean". Two letters swapped count as one
/// edit (optimal string alignment), as a typist makes them; of words as near, the one nearest
/// in length wins (`lrlr` is `lrrl` swapped, not `lrr` with a letter more).
pub fn closest<'a>(word: &str, known: &[&'a str]) -> Option<&'a str> {
    let length = word.chars().count();
    known
        .iter()
        .map(|k| {
            let distance = strsim::osa_distance(word, k);
            (distance, k.chars().count().abs_diff(length), *k)
        })
        .filter(|(d, _, _)| *d <= 2)
        .min()
        .map(|(_, _, k)| k)
}

/// serde's "unknown field `titel`, expected one of `title`, `slug`" as rustc would say it:
/// "unknown key `titel`", and for the help line "did you mean `title`?" (else the keys).
pub fn unknown_field(message: &str) -> Option<(String, String)> {
    let rest = message.strip_prefix("unknown field `")?;
    let (field, rest) = rest.split_once('`')?;
    let expected = rest
        .strip_prefix(", expected one of ")
        .or_else(|| rest.strip_prefix(", expected "))?
        .trim_end();
    let known: Vec<&str> = expected
        .split(", ")
        .flat_map(|k| k.split(" or "))
        .map(|k| k.trim_matches('`'))
        .collect();
    let help = match closest(field, &known) {
        Some(near) => format!("did you mean `{near}`?"),
        None => format!("the keys are {expected}"),
    };
    Some((format!("unknown key `{field}`"), help))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_key_is_answered_with_the_nearest() {
        let (message, help) =
            unknown_field("unknown field `titel`, expected one of `title`, `slug`, `rung`")
                .unwrap();
        assert_eq!(message, "unknown key `titel`");
        assert_eq!(help, "did you mean `title`?");
        let (_, help) =
            unknown_field("unknown field `colour`, expected `title` or `rung`").unwrap();
        assert_eq!(help, "the keys are `title` or `rung`");
        assert_eq!(unknown_field("invalid basic string"), None);
        assert_eq!(
            closest("hackenbosh", &["hackenbush", "game"]),
            Some("hackenbush")
        );
        assert_eq!(closest("thermograph", &["hackenbush", "game"]), None);
    }

    #[test]
    fn swapped_letters_are_one_edit() {
        assert_eq!(closest("lrlr", &["lr", "lrr", "lrrl"]), Some("lrrl"));
        assert_eq!(closest("porper", &["proper", "pop"]), Some("proper"));
    }
}
