//! `Registry::run`: the position kind and notations a request leads to, and its errors.

use notation_registry::{
    DispatchError, Game, Kind, NotationOf, Notations, Registry, Request, Task,
};

/// What a task was run with: the position kind's type name, whether the source was named,
/// and the target's name.
struct Seen;

impl Task for Seen {
    type Output = (&'static str, bool, Option<&'static str>);

    fn run<P: Kind, N: NotationOf<P> + ?Sized>(self, with: Notations<'_, '_, N>) -> Self::Output {
        let named = matches!(with.source, notation_detect::Source::Named(_));
        (
            std::any::type_name::<P>(),
            named,
            with.target.map(|t| t.name),
        )
    }
}

fn request<'a>(
    game: Game,
    from: Option<&'a str>,
    to: Option<Option<&'a str>>,
    looks_descriptive: &'a (dyn Fn(&Registry) -> bool + Sync),
) -> Request<'a> {
    Request {
        game,
        from,
        to,
        style: None,
        as_written: false,
        looks_descriptive,
        hint: None,
    }
}

#[test]
fn algebraic_on_the_plain_position_descriptive_on_its_own() {
    let registry = Registry::standard();
    let no = |_: &Registry| false;
    let seen = registry.run(
        &request(Game::Chess, Some("fr"), Some(Some("en")), &no),
        Seen,
    );
    let (kind, named, target) = seen.unwrap();
    assert!(kind.starts_with("chess_rules::"), "{kind}");
    assert_eq!((named, target), (true, Some("en")));
    let seen = registry.run(
        &request(Game::Chess, None, Some(Some("descriptive")), &no),
        Seen,
    );
    let (kind, named, target) = seen.unwrap();
    assert!(kind.ends_with("DescriptivePosition"), "{kind}");
    assert!(!named);
    assert_eq!(target, Some("descriptive"));
}

#[test]
fn an_input_that_looks_descriptive_is_read_on_the_descriptive_position_unless_named() {
    let registry = Registry::standard();
    let yes = |_: &Registry| true;
    let (kind, ..) = registry
        .run(&request(Game::Chess, None, Some(None), &yes), Seen)
        .unwrap();
    assert!(kind.ends_with("DescriptivePosition"), "{kind}");
    // A named algebraic source is not second-guessed.
    let (kind, ..) = registry
        .run(&request(Game::Chess, Some("en"), None, &yes), Seen)
        .unwrap();
    assert!(kind.starts_with("chess_rules::"), "{kind}");
}

#[test]
fn draughts_defaults_and_errors() {
    let registry = Registry::standard();
    let no = |_: &Registry| false;
    let seen = registry.run(&request(Game::Draughts, None, Some(None), &no), Seen);
    let (kind, named, target) = seen.unwrap();
    assert!(kind.starts_with("draughts_rules::"), "{kind}");
    assert_eq!((named, target), (false, Some("manoury")));
    let err = registry
        .run(&request(Game::Draughts, Some("fr"), None, &no), Seen)
        .unwrap_err();
    assert!(matches!(err, DispatchError::Lookup(_)), "{err}");
    let mut styled = request(Game::Chess, Some("en"), Some(Some("fr")), &no);
    styled.style = Some("modern");
    let err = registry.run(&styled, Seen).unwrap_err();
    assert!(
        matches!(err, DispatchError::StyleWithoutDescriptive(_)),
        "{err}"
    );
    assert!(err.to_string().contains("descriptive"), "{err}");
}
