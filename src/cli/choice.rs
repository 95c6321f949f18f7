//! The values of a flag made from the library's own enum ([`gbrscan::choice::Choice`]): its
//! names, aliases and one-line help, so that no enum of the CLI mirrors one of the library.
//!
//! A parser rather than a wrapper type implementing clap's `ValueEnum`: `ValueEnum` hands out
//! its values as a `&'static [Self]`, which a generic wrapper cannot have without leaking it.

use std::ffi::OsStr;
use std::marker::PhantomData;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use gbrscan::choice::Choice;

/// The value parser of a flag whose values are those of `T`: `value_parser = choice::<T>()`.
pub fn choice<T: Choice>() -> ChoiceParser<T> {
    ChoiceParser(PhantomData)
}

/// Parses a flag's value as one of `T`'s names or aliases (see [`choice`]).
#[derive(Clone, Copy)]
pub struct ChoiceParser<T>(PhantomData<T>);

fn possible_values<T: Choice>() -> impl Iterator<Item = PossibleValue> {
    T::ALL.iter().map(|v| {
        PossibleValue::new(v.name())
            .help(v.about())
            .aliases(v.aliases().iter().copied())
    })
}

impl<T: Choice> TypedValueParser for ChoiceParser<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        // clap's own parser of possible values, for its messages (the values listed).
        let name = PossibleValuesParser::new(possible_values::<T>()).parse_ref(cmd, arg, value)?;
        T::from_name(&name).ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidValue))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(possible_values::<T>()))
    }
}
