//! Where an essay stands among the others, for names an essay cannot see: a position of an
//! earlier essay is written with that essay's slug, and a name of a later essay is refused
//! with the reason.

/// Where an essay stands among the others: a position of an earlier essay is named by that
/// essay's slug, `first-steps/half` ([`Workspace::lend_positions`]), and a name that is not
/// this essay's is answered with the essay that has it.
#[derive(Clone, Debug, Default)]
pub struct Ladder {
    /// This essay's slug (empty for the command line, which sees every essay).
    pub own: String,
    /// Every essay's slug and the names of its positions, in ladder order.
    pub essays: Vec<EssayNames>,
}

/// An essay's slug and the names of its positions.
pub type EssayNames = (String, Vec<String>);

impl Ladder {
    /// The essays before this one, and those after (for the command line: all, and none).
    fn sides(&self) -> (&[EssayNames], &[EssayNames]) {
        match self.essays.iter().position(|(slug, _)| *slug == self.own) {
            Some(at) => (&self.essays[..at], &self.essays[at + 1..]),
            None => (&self.essays, &[]),
        }
    }

    /// What to say of a position name this essay cannot see: `half`, which an essay before it
    /// names (write `first-steps/half`) or one after it; `first-steps/half` when that essay
    /// has no such position, comes later, is this essay, or does not exist. `None` when no
    /// essay names it.
    pub fn help(&self, name: &str) -> Option<String> {
        let (before, after) = self.sides();
        let later = "an essay uses the positions of the essays before it on the ladder (a lower \
                     `rung`)";
        let Some((slug, own)) = name.split_once('/') else {
            let has = |essays: &[EssayNames]| -> Vec<String> {
                essays
                    .iter()
                    .filter(|(_, names)| names.iter().any(|n| n == name))
                    .map(|(slug, _)| format!("`{slug}/{name}`"))
                    .collect()
            };
            let earlier = has(before);
            if !earlier.is_empty() {
                return Some(format!(
                    "`{name}` is a position of another essay: write {}",
                    earlier.join(" or ")
                ));
            }
            let (slug, _) = after
                .iter()
                .find(|(_, names)| names.iter().any(|n| n == name))?;
            return Some(format!(
                "`{name}` is a position of the essay `{slug}`, which comes after this one: {later}"
            ));
        };
        if slug == self.own {
            return Some(format!("`{slug}` is this essay: write `{own}`"));
        }
        if let Some((_, names)) = before.iter().find(|(s, _)| s == slug) {
            let known: Vec<&str> = names.iter().map(String::as_str).collect();
            return Some(match hackenbook_base::suggest::closest(own, &known) {
                Some(near) => format!(
                    "the essay `{slug}` has no position `{own}`: did you mean `{slug}/{near}`?"
                ),
                None => format!("the essay `{slug}` has no position `{own}`"),
            });
        }
        if after.iter().any(|(s, _)| s == slug) {
            return Some(format!("the essay `{slug}` comes after this one: {later}"));
        }
        let slugs: Vec<&str> = self.essays.iter().map(|(s, _)| s.as_str()).collect();
        Some(match hackenbook_base::suggest::closest(slug, &slugs) {
            Some(near) => format!("no essay has the slug `{slug}`: did you mean `{near}/{own}`?"),
            None => format!(
                "no essay has the slug `{slug}`; a position of another essay is written \
                 `SLUG/NAME`, with the slug of that essay"
            ),
        })
    }
}
