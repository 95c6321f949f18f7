//! The pgn-reader visitor: what one game hands back (its tags of interest and the comments
//! that may hold a code), without playing the moves.

use std::ops::ControlFlow;

use pgn_reader::{RawComment, RawTag, Skip, Visitor};

/// The tags and comments of one game, as raw bytes (tag values unescaped).
#[derive(Debug, Default)]
pub(super) struct Game {
    /// `FEN`.
    pub fen: Option<Vec<u8>>,
    /// `White`, `Event`, `Date`, `Result`.
    pub white: Option<Vec<u8>>,
    pub event: Option<Vec<u8>>,
    pub date: Option<Vec<u8>>,
    pub result: Option<Vec<u8>>,
    /// `Round` (the study's number in a study database) and `Composer` (ChessBase's
    /// composer tag, preferred to `White` for the citation).
    pub round: Option<Vec<u8>>,
    pub composer: Option<Vec<u8>>,
    /// Tags whose name holds `GBR` (any case): (name, value).
    pub gbr: Vec<(Vec<u8>, Vec<u8>)>,
    /// Comments (main line and variations) holding a full stop between digits, the shape of
    /// a code; others are not kept.
    pub comments: Vec<Vec<u8>>,
}

/// True when `bytes` holds `d.d`, as every code does.
fn may_hold_code(bytes: &[u8]) -> bool {
    memchr::memchr_iter(b'.', bytes).any(|i| {
        i > 0 && bytes[i - 1].is_ascii_digit() && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
    })
}

/// Collects each game's [`Game`].
#[derive(Debug, Default)]
pub(super) struct Collect;

impl Visitor for Collect {
    type Tags = Game;
    type Movetext = Game;
    type Output = Game;

    fn begin_tags(&mut self) -> ControlFlow<Game, Game> {
        ControlFlow::Continue(Game::default())
    }

    fn tag(&mut self, game: &mut Game, name: &[u8], value: RawTag<'_>) -> ControlFlow<Game> {
        let value = || Some(value.decode().into_owned());
        match name {
            b"FEN" => game.fen = value(),
            b"White" => game.white = value(),
            b"Event" => game.event = value(),
            b"Date" => game.date = value(),
            b"Result" => game.result = value(),
            b"Round" => game.round = value(),
            b"Composer" => game.composer = value(),
            _ if name.windows(3).any(|w| w.eq_ignore_ascii_case(b"gbr")) => {
                game.gbr.push((name.to_vec(), value().unwrap_or_default()));
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, game: Game) -> ControlFlow<Game, Game> {
        ControlFlow::Continue(game)
    }

    fn comment(&mut self, game: &mut Game, comment: RawComment<'_>) -> ControlFlow<Game> {
        if may_hold_code(comment.as_bytes()) {
            game.comments.push(comment.as_bytes().to_vec());
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _game: &mut Game) -> ControlFlow<Game, Skip> {
        // Comments in variations may carry the code too.
        ControlFlow::Continue(Skip(false))
    }

    fn end_game(&mut self, game: Game) -> Game {
        game
    }
}
