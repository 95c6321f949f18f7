//! What `gbr index` holds and tells besides the directory: the book under way, merged a book
//! at a time ([`Books`]), the examples of the notation left out, and the summary on stderr.

use gbrscan::Record;
use gbrscan::copies::merge::{Books, Merged};
use gbrscan::directory::spill::footprint;

/// What `gbr index` left out and merged, for its summary on stderr, and the book under way.
pub(super) struct Tally {
    /// Examples of the notation left out ([`Record::example`]).
    examples: usize,
    books: Books,
    /// The memory budget of the sort: a book held beyond it is said on stderr.
    budget: u64,
    /// Bytes the book under way holds ([`footprint`]).
    held: u64,
}

impl Tally {
    pub(super) fn new(budget: u64) -> Tally {
        Tally {
            examples: 0,
            books: Books::default(),
            budget,
            held: 0,
        }
    }

    /// `records` without the examples of the notation, counted.
    pub(super) fn studies(&mut self, mut records: Vec<Record>) -> Vec<Record> {
        let before = records.len();
        records.retain(|r| !r.example);
        self.examples += before - records.len();
        records
    }

    /// Holds `record` in its book; returns the book before it, merged, in blocks, when it
    /// opens another. Says on stderr, once a book, that a book is held beyond the sort's
    /// memory budget.
    pub(super) fn push(&mut self, record: Record) -> Option<Vec<Vec<Record>>> {
        // Under no budget (an output sorted in memory) the note is never said: nothing sized.
        let size = if self.budget == u64::MAX {
            0
        } else {
            footprint(&record) as u64
        };
        let done = self.books.push(record);
        if done.is_some() {
            self.held = 0;
        }
        let before = self.held;
        self.held += size;
        if before <= self.budget && self.held > self.budget {
            let path = self.books.last().map(|r| r.path.escaped().into_owned());
            let budget = match self.budget {
                b if b >= 1 << 20 => format!("{} MB", b >> 20),
                b => format!("{} KB", b >> 10),
            };
            eprintln!(
                "gbr: {}: one book of more than {budget} held in memory whole to merge its \
                 studies with its own directory (beyond --memory)",
                path.unwrap_or_default(),
            );
        }
        done
    }

    /// The book under way, merged, in blocks.
    pub(super) fn finish(&mut self) -> Vec<Vec<Record>> {
        self.held = 0;
        self.books.finish()
    }

    /// Says on stderr what was left out and merged.
    pub(super) fn report(&self) {
        let Merged { entries, mentions } = self.books.merged();
        let plural =
            |n: usize, one: &'static str, more: &'static str| if n == 1 { one } else { more };
        if self.examples > 0 {
            eprintln!(
                "gbr: {} {} of the notation in prose left out (codes, no studies)",
                self.examples,
                plural(self.examples, "example", "examples")
            );
        }
        if entries > 0 {
            let what = plural(entries, "entry", "entries");
            eprintln!(
                "gbr: {entries} {what} of a book's own directory merged with their studies in \
                 its body"
            );
        }
        if mentions > 0 {
            let what = plural(mentions, "mention of a study", "mentions of a study");
            eprintln!("gbr: {mentions} {what} in prose merged with the study");
        }
    }
}
