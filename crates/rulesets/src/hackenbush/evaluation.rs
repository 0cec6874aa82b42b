//! What valuing a position gives: its value, and every method that found it.

use hackenbook_base::provenance::Method;
use hackenbook_games::GameId;

/// A value and all the methods that produced it (they all agreed), in the order they ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    pub value: GameId,
    pub methods: Vec<Method>,
}
