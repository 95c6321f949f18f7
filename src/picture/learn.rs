//! A book's own men learned from its captions (docs/reading.md, "Diagrams in pictures"):
//! each caption says what its board holds, and that redundancy names the shapes of the book's
//! men, so a font never seen before is read after a few boards.
//!
//! A caption that gives every square (kings and squares) names each man on its board: that
//! board teaches by its squares ([`Taught::Squares`]). A caption that gives the material (a
//! code; with its kings, the kings' squares too) teaches when the board's men, as read, are as
//! many of each colour as the code says: the kings stand where the caption puts them, and the
//! other men take the code's kinds, each man the kind nearest his shape while that kind has
//! men left ([`Taught::Material`]). A board whose reading disagrees with its caption in its
//! men or its squares teaches nothing: what it holds is in doubt.
//!
//! Each board is then read with the built-in set and every other board's lessons, never its
//! own: a board checked against its own caption must not have learned the caption first.

use shakmaty::{Board, Color, Piece, Role, Square};

use super::pieces::{PieceSet, ROLES};
use super::{BoardRead, FoundBoard};
use crate::material::Material;
use crate::position::Kings;

/// What a board's caption says it holds, as much as the caption gives.
#[derive(Debug, Clone, Default)]
pub struct Teaching {
    /// Every man (a caption with kings and squares).
    pub board: Option<Board>,
    /// The kings' squares.
    pub kings: Option<Kings>,
    /// The men of each kind (a code, kings counted).
    pub material: Option<Material>,
}

/// Which copy of a caption taught a board's men, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Taught {
    /// The caption's kings and squares named every man.
    Squares,
    /// The caption's code (and kings) named the men's kinds.
    Material,
    /// The board taught nothing: no caption, or one its reading disagrees with.
    Nothing,
}

/// What a book learned: how many boards taught by which copy, and how many men.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Lessons {
    /// Boards whose captions' squares named their men.
    pub by_squares: usize,
    /// Boards whose captions' codes named their men's kinds.
    pub by_material: usize,
    /// Boards with a caption that taught nothing, their reading at odds with it.
    pub refused: usize,
    /// Men taught in all.
    pub men: usize,
}

/// A book's boards and what their captions teach: [`Book::read`] reads each board with the
/// built-in set and the other boards' lessons.
#[derive(Debug, Clone)]
pub struct Book {
    base: PieceSet,
    boards: Vec<(FoundBoard, Option<Teaching>)>,
    taught: Vec<(Taught, PieceSet, usize)>,
}

/// Rounds of teaching: the second teaches again with the shapes the first learned.
const ROUNDS: usize = 3;

impl Book {
    /// A book read with `base` (the built-in set, [`PieceSet::builtin`]) and what its own
    /// boards teach.
    pub fn new(base: PieceSet) -> Book {
        Book {
            base,
            boards: Vec::new(),
            taught: Vec::new(),
        }
    }

    /// Adds a board and what its caption says it holds (`None`: no caption beside it).
    pub fn add(&mut self, board: FoundBoard, teaching: Option<Teaching>) {
        self.boards.push((board, teaching));
    }

    /// The boards added, in order.
    pub fn len(&self) -> usize {
        self.boards.len()
    }

    /// True when no board was added.
    pub fn is_empty(&self) -> bool {
        self.boards.is_empty()
    }

    /// Every board read, in the order added: each with the base set and the lessons of every
    /// board but itself.
    pub fn read(&mut self) -> Vec<BoardRead> {
        self.taught.clear();
        for round in 0..ROUNDS {
            // The first round teaches only the men a caption names alone (the kings on their
            // squares, a side's men all of one kind); the next ones every man, each named with
            // the base set and what the rounds before learned.
            let set = self.base.plus(&self.learned());
            self.taught = self
                .boards
                .iter()
                .map(|(board, teaching)| match teaching {
                    Some(t) => teach(board, t, &set, round == 0),
                    None => (Taught::Nothing, PieceSet::new(), 0),
                })
                .collect();
        }
        let all = self.base.plus(&self.learned());
        self.boards
            .iter()
            .zip(&self.taught)
            .map(|((board, _), (_, own, _))| board.read(&all.without(own)))
            .collect()
    }

    /// Every board's lessons together (after [`Book::read`]): the men's shapes the book taught,
    /// without the base set (what `benches/tools/piece_set.rs` keeps as the built-in set).
    pub fn learned(&self) -> PieceSet {
        self.taught
            .iter()
            .fold(PieceSet::new(), |all, (_, lessons, _)| all.plus(lessons))
    }

    /// Which copy taught each board, in the order added (after [`Book::read`]).
    pub fn taught(&self) -> Vec<Taught> {
        self.taught.iter().map(|t| t.0).collect()
    }

    /// What the book learned, in all (after [`Book::read`]).
    pub fn lessons(&self) -> Lessons {
        let mut lessons = Lessons::default();
        for ((_, teaching), (taught, _, men)) in self.boards.iter().zip(&self.taught) {
            match taught {
                Taught::Squares => lessons.by_squares += 1,
                Taught::Material => lessons.by_material += 1,
                Taught::Nothing if teaching.is_some() => lessons.refused += 1,
                Taught::Nothing => {}
            }
            lessons.men += men;
        }
        lessons
    }
}

/// The square at index `index` of the measured squares (a8 first, rank by rank).
fn square_at(index: usize) -> Square {
    Square::from_coords(
        shakmaty::File::new((index % 8) as u32),
        shakmaty::Rank::new(7 - (index / 8) as u32),
    )
}

/// What `board` teaches under `teaching`, read with `set`: which copy taught, the lessons,
/// and how many men.
fn teach(
    board: &FoundBoard,
    teaching: &Teaching,
    set: &PieceSet,
    named_only: bool,
) -> (Taught, PieceSet, usize) {
    let squares = board.measured();
    let man_from = board.cuts().man;
    let mut lessons = PieceSet::new();
    if let Some(caption) = &teaching.board {
        // Every square: the caption's men where the picture shows one, and no more than one
        // square in doubt.
        let differ = (0..64)
            .filter(|&i| (squares[i].cover >= man_from) != caption.piece_at(square_at(i)).is_some())
            .count();
        if differ > 1 {
            return (Taught::Nothing, lessons, 0);
        }
        let mut men = 0;
        for (i, square) in squares.iter().enumerate() {
            if let Some(man) = caption.piece_at(square_at(i))
                && square.cover >= man_from
            {
                lessons.add(man, square.dark, &square.shape);
                men += 1;
            }
        }
        return (Taught::Squares, lessons, men);
    }
    let Some(material) = teaching.material else {
        return (Taught::Nothing, lessons, 0);
    };
    let read = board.read(set);
    let mut men = 0;
    for color in [Color::White, Color::Black] {
        let own: Vec<usize> = (0..64)
            .filter(|&i| read.board.color_at(square_at(i)) == Some(color))
            .collect();
        if own.len() as u32 != material.men(color) {
            return (Taught::Nothing, PieceSet::new(), 0);
        }
        let mut left = *material.counts().get(color);
        let mut open: Vec<usize> = own.clone();
        if let Some(kings) = teaching.kings {
            let king = *kings_of(&kings, color);
            let Some(at) = open.iter().position(|&i| square_at(i) == king) else {
                return (Taught::Nothing, PieceSet::new(), 0);
            };
            let i = open.remove(at);
            lessons.add(color.king(), squares[i].dark, &squares[i].shape);
            *left.get_mut(Role::King) = left.get(Role::King).saturating_sub(1);
            men += 1;
        }
        // Men of two kinds or more left: which is which only their shapes say.
        let kinds = ROLES.iter().filter(|&&role| *left.get(role) > 0).count();
        if named_only && kinds > 1 {
            continue;
        }
        // Each man the nearest kind that has men left, the surest pairs first.
        let distances: Vec<[f32; 6]> = open
            .iter()
            .map(|&i| set.distances(&squares[i].shape, squares[i].dark))
            .collect();
        let mut done = vec![false; open.len()];
        for _ in 0..open.len() {
            let mut best: Option<(usize, usize, f32)> = None;
            for (k, d) in distances.iter().enumerate().filter(|(k, _)| !done[*k]) {
                for (r, &role) in ROLES.iter().enumerate() {
                    if *left.get(role) == 0 {
                        continue;
                    }
                    if best.is_none_or(|b| d[r] < b.2) {
                        best = Some((k, r, d[r]));
                    }
                }
            }
            let Some((k, r, _)) = best else {
                return (Taught::Nothing, PieceSet::new(), 0);
            };
            done[k] = true;
            *left.get_mut(ROLES[r]) -= 1;
            let i = open[k];
            lessons.add(
                Piece {
                    color,
                    role: ROLES[r],
                },
                squares[i].dark,
                &squares[i].shape,
            );
            men += 1;
        }
    }
    (Taught::Material, lessons, men)
}

fn kings_of(kings: &Kings, color: Color) -> &Square {
    match color {
        Color::White => &kings.white,
        Color::Black => &kings.black,
    }
}
