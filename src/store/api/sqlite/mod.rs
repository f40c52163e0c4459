//! SQLite implements the store's areas on [`AsyncStore`]: each method is one call on the
//! store's thread (one round trip), running the [`Store`] method of the same name, which
//! writes in one transaction. A method that makes several `Store` calls and writes (a move and
//! the setting that says whether the sweeper wakes, a join and the rating it is seeded by) runs
//! them as one unit of work, in one transaction (`Store::unit`); one that only reads runs them
//! in that one call, where the store's thread lets no other call of the bot in between.

mod challenges;
mod engine;
mod games;
mod players;
mod tournaments;

use async_trait::async_trait;

use super::{Deadlines, Health, Outbox};
use crate::domain::play::Wake;
use crate::store::{AsyncStore, Game, Notice, NoticeId, Result, Store, StoreStats, Swept};

/// Whether the sweeper must hear of the change that left `game` as it is
/// ([`crate::domain::play::wakes_sweeper`]), reading the player's DM setting only when the
/// rule asks. Runs on the store's thread, in the same call as the change.
fn wakes_sweeper(store: &Store, game: &Game) -> Result<bool> {
    Ok(match crate::domain::play::wakes_sweeper(game)? {
        Wake::No => false,
        Wake::Yes => true,
        Wake::IfAsked(user) => store.settings(user)?.dm_notifications,
    })
}

#[async_trait]
impl Outbox for AsyncStore {
    async fn due_notices(&self, now: i64, limit: u32) -> Result<Vec<Notice>> {
        self.call(move |s| s.due_notices(now, limit)).await
    }

    async fn held_notices(&self, user_id: u64) -> Result<Vec<Notice>> {
        self.call(move |s| s.held_notices(user_id)).await
    }

    async fn release_held(&self, user_id: u64, ids: Vec<NoticeId>) -> Result<()> {
        self.call(move |s| s.release_held(user_id, &ids)).await
    }

    async fn notice_done(&self, id: NoticeId, dropped: bool, now: i64) -> Result<()> {
        self.call(move |s| s.notice_done(id, dropped, now)).await
    }

    async fn notice_failed(&self, id: NoticeId, error: String, now: i64) -> Result<()> {
        self.call(move |s| s.notice_failed(id, &error, now)).await
    }

    async fn hold_notice(&self, id: NoticeId, user_id: u64, now: i64) -> Result<()> {
        self.call(move |s| s.hold_notice(id, user_id, now)).await
    }

    async fn notice_to_channel(&self, id: NoticeId, error: String, now: i64) -> Result<()> {
        self.call(move |s| s.notice_to_channel(id, &error, now))
            .await
    }
}

#[async_trait]
impl Deadlines for AsyncStore {
    async fn sweep(&self, now: i64) -> Result<Swept> {
        self.call(move |s| s.sweep(now)).await
    }

    async fn next_due(&self) -> Result<Option<i64>> {
        self.call(|s| {
            let due = s.next_due()?;
            let start = s.next_tournament_start()?;
            Ok(due.into_iter().chain(start).min())
        })
        .await
    }
}

#[async_trait]
impl Health for AsyncStore {
    async fn check_writable(&self) -> Result<()> {
        self.call(|s| s.check_writable()).await
    }

    async fn store_stats(&self) -> Result<StoreStats> {
        self.call(|s| s.stats()).await
    }

    async fn close(&self) {
        AsyncStore::close(self).await;
    }
}

#[cfg(test)]
mod tests {
    use crate::store::{AsyncStore, GameId, Store, StoreError};

    fn store() -> AsyncStore {
        AsyncStore::spawn(Store::open_in_memory().unwrap()).unwrap()
    }

    #[tokio::test]
    async fn a_unit_that_panics_keeps_nothing_and_the_store_goes_on() {
        let store = store();
        let broken: Result<(), _> = store
            .call(|s| {
                s.unit(|s| {
                    s.remember_name(1, "Ann", 0)?;
                    panic!("a bug in a unit of work")
                })
            })
            .await;
        assert!(matches!(broken, Err(StoreError::Stopped)), "{broken:?}");
        assert_eq!(store.call(|s| s.name(1)).await.unwrap(), None);
        store.call(|s| s.remember_name(2, "Bob", 0)).await.unwrap();
        assert_eq!(
            store.call(|s| s.name(2)).await.unwrap().as_deref(),
            Some("Bob")
        );
    }

    #[tokio::test]
    async fn a_unit_refused_keeps_what_it_wrote_before_the_refusal() {
        let store = store();
        let refused = store
            .call(|s| {
                s.unit(|s| {
                    s.remember_name(3, "Cy", 0)?;
                    s.game(GameId(9))
                })
            })
            .await;
        assert!(
            matches!(refused, Err(StoreError::NoSuchGame(GameId(9)))),
            "{refused:?}"
        );
        assert_eq!(
            store.call(|s| s.name(3)).await.unwrap().as_deref(),
            Some("Cy")
        );
        // Outside any unit again: a write commits on its own.
        store.call(|s| s.remember_name(4, "Di", 0)).await.unwrap();
        assert_eq!(
            store.call(|s| s.name(4)).await.unwrap().as_deref(),
            Some("Di")
        );
    }
}
