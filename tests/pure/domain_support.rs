//! Values for the tests of the domain's pure decisions: a game, a tournament, players.

use focus_bot::domain::lifecycle::Event;
use focus_bot::domain::{
    Board, BoardResult, Entrant, EntrantStatus, Format, Game, GameId, GameStatus, Pace, PairingId,
    TimeControl, Tournament, TournamentId, TournamentStatus, Venue,
};
use focus_bot::rules::{Position, Rules};

/// A moment (unix seconds).
pub const NOW: i64 = 1_700_000_000;

/// A game in play between users 10 (White) and 20 (Black) at `ply`, unrated, on a server,
/// with two days per move and its deadline a day away.
pub fn game(ply: u32) -> Game {
    Game {
        id: GameId(7),
        guild_id: 1,
        channel_id: 2,
        parent_channel_id: None,
        white_id: 10,
        black_id: 20,
        rules: Rules::CLASSIC,
        rated: false,
        start_fpn: None,
        status: GameStatus::Active,
        result: None,
        reason: None,
        created_at: NOW - 86_400,
        last_move_at: NOW - 86_400,
        deadline: Some(NOW + 86_400),
        time_control: TimeControl::Days(2),
        fpn: Position::start().to_string(),
        ply,
        draw_offer_by: None,
        takeback_by: None,
        challenge_id: None,
        finished_at: None,
        remind_at: None,
        ratings: None,
        bot: None,
        tournament_id: None,
        venue: Venue::Server,
    }
}

/// An open Swiss of 5 rounds, number 3, paired round by round.
pub fn tournament() -> Tournament {
    Tournament {
        id: TournamentId(3),
        guild_id: 1,
        channel_id: 2,
        director_id: 99,
        name: "Autumn".into(),
        format: Format::Swiss,
        rounds: Some(5),
        time_control: TimeControl::Days(2),
        rules: Rules::CLASSIC,
        rated: true,
        starts_at: None,
        max_players: None,
        pace: Pace::Next,
        round_every: None,
        status: TournamentStatus::Open,
        paused: false,
        current_round: 0,
        initial_colour: None,
        message_id: None,
        created_at: NOW - 3_600,
        started_at: None,
        finished_at: None,
    }
}

/// Player `user` with `rating`, joined at `NOW - 100 + user` (so lower ids joined first).
pub fn entrant(user: u64, rating: f64) -> Entrant {
    Entrant {
        user_id: user,
        number: None,
        rating,
        joined_at: NOW - 100 + user as i64,
        first_round: 1,
        status: EntrantStatus::Playing,
        left_after: None,
    }
}

/// The event of `t` with `players` (ids, all rated 1500), no boards.
pub fn event(t: Tournament, players: &[u64]) -> Event {
    Event {
        tournament: t,
        entrants: players.iter().map(|&u| entrant(u, 1500.0)).collect(),
        boards: vec![],
    }
}

/// A stored board (`id` its number) of `round`, with `result`.
pub fn board(
    id: i64,
    round: u32,
    white: u64,
    black: Option<u64>,
    result: Option<BoardResult>,
) -> Board {
    Board {
        id: PairingId(id),
        tournament_id: TournamentId(3),
        round,
        board: id as u32,
        white_id: white,
        black_id: black,
        game_id: None,
        result,
        adjudicated: false,
    }
}
