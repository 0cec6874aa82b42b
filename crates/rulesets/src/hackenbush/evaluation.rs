//! What valuing a position gives: its value, and every method that found it.

use hackenbook_base::provenance::Method;
use hackenbook_games::GameId;

/// A value and all the methods that produced it, in the order they ran: on one part, they all
/// agreed; a position of several parts standing apart is valued part by part and the values
/// added, and `parts` says which methods valued each part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    pub value: GameId,
    pub methods: Vec<Method>,
    /// The methods of each part, in order, when there are several (empty for one part).
    pub parts: Vec<Vec<Method>>,
}
