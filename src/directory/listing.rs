//! A directory as the renderers take it: a [`Listing`] of its entries in a block per code, or
//! of its duplicate groups in a block each. Built here, so that the renderers know listings,
//! never directories.

use crate::render::{Block, Heading, Listing, ListingKind};

use super::{Directory, DuplicateOptions, duplicates_with};

impl<'a> Listing<'a> {
    /// Every entry of `directory`, a block per code (per group and code when grouped).
    pub fn directory(directory: &'a Directory) -> Listing<'a> {
        let blocks = directory
            .runs()
            .into_iter()
            .map(|(group, code, entries)| Block {
                heading: Heading::Code { group, code },
                entries,
            })
            .collect();
        Listing {
            kind: ListingKind::Directory(directory.order()),
            blocks,
        }
    }

    /// The duplicate groups of `directory` ([`super::duplicates`]), a block each.
    pub fn duplicates(directory: &'a Directory) -> Listing<'a> {
        Listing::duplicates_with(directory, DuplicateOptions::default())
    }

    /// The duplicate groups of `directory` chosen by `options` ([`duplicates_with`]), a
    /// block each.
    pub fn duplicates_with(directory: &'a Directory, options: DuplicateOptions) -> Listing<'a> {
        let blocks = duplicates_with(directory, options)
            .into_iter()
            .enumerate()
            .map(|(i, group)| Block {
                heading: Heading::Position {
                    number: i + 1,
                    code: group.code,
                    kings: group.kings,
                    squares: group.squares,
                    near: group.near,
                },
                entries: group.entries,
            })
            .collect();
        Listing {
            kind: ListingKind::Duplicates,
            blocks,
        }
    }
}
