//! Analyses of finished games: the engine's verdict on every position, stored once so that
//! asking again needs no search.

use super::sql::{OptionalExtension, params};

use super::{GameId, Result, Store};

/// A game's stored analysis: what the engine said of each of its positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAnalysis {
    /// The node budget each position was searched with.
    pub nodes: u64,
    /// One line per position, the start first, as `engine::review::Assessment` writes it
    /// (`d5-e5 cp 35`).
    pub assessments: Vec<String>,
}

impl Store {
    /// Game `game`'s stored analysis, if it has one.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn analysis(&self, game: GameId) -> Result<Option<StoredAnalysis>> {
        let row: Option<(i64, String)> = self
            .conn
            .prepare_cached("SELECT nodes, assessments FROM analyses WHERE game_id = ?1")?
            .query_row([game.0], |row| Ok((row.get(0)?, row.get(1)?)))
            .optional()?;
        Ok(row.map(|(nodes, text)| StoredAnalysis {
            nodes: nodes.max(0) as u64,
            assessments: text.lines().map(str::to_owned).collect(),
        }))
    }

    /// Stores `analysis` as game `game`'s, at `now` (unix seconds), unless it has one: a game's
    /// analysis is written once (two made at once are the same; the first stays). True when
    /// this one was stored.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails (no such game: the foreign key).
    pub fn save_analysis(
        &mut self,
        game: GameId,
        analysis: &StoredAnalysis,
        now: i64,
    ) -> Result<bool> {
        let text = analysis.assessments.join("\n");
        let nodes = i64::try_from(analysis.nodes).unwrap_or(i64::MAX);
        self.write(|tx| {
            let added = tx
                .prepare_cached(
                    "INSERT INTO analyses (game_id, nodes, assessments, created_at) \
                     VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
                )?
                .execute(params![game.0, nodes, text, now])?;
            Ok(added == 1)
        })
    }
}
