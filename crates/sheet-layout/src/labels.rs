//! The words printed on the sheet, by language and game.

use crate::{GameKind, Language};

/// Every fixed text of a sheet.
pub(crate) struct Labels {
    pub(crate) title: &'static str,
    pub(crate) event: &'static str,
    pub(crate) date: &'static str,
    pub(crate) round: &'static str,
    pub(crate) board: &'static str,
    pub(crate) white: &'static str,
    pub(crate) black: &'static str,
    pub(crate) name: &'static str,
    pub(crate) rating: &'static str,
    pub(crate) club: &'static str,
    pub(crate) result: &'static str,
    pub(crate) number: &'static str,
    pub(crate) clock: &'static str,
    pub(crate) signature_white: &'static str,
    pub(crate) signature_black: &'static str,
    pub(crate) page: &'static str,
    pub(crate) footer: &'static str,
    /// What follows a move that came with a draw offer.
    pub(crate) draw_offer: &'static str,
}

/// The labels of a sheet in `language` for `game`.
pub(crate) const fn labels(language: Language, game: GameKind) -> Labels {
    match language {
        Language::French => Labels {
            title: match game {
                GameKind::Chess => "Feuille de partie — Échecs",
                GameKind::Draughts => "Feuille de partie — Jeu de dames",
            },
            event: "Compétition",
            date: "Date",
            round: "Ronde",
            board: "Table",
            white: "Blancs",
            black: "Noirs",
            name: "Nom",
            rating: match game {
                GameKind::Chess => "Elo",
                GameKind::Draughts => "Classement",
            },
            club: "Club",
            result: "Résultat",
            number: "N°",
            clock: "pendule",
            signature_white: "Signature des Blancs",
            signature_black: "Signature des Noirs",
            page: "Page",
            footer: "Original : à remettre à l’arbitre — Double : à conserver par le joueur",
            // The seed document's sign: `Cf3=`. In draughts `=` after a move is an analysis
            // sign (an even position), so the FIDE symbol `(=)` is written instead.
            draw_offer: match game {
                GameKind::Chess => "=",
                GameKind::Draughts => " (=)",
            },
        },
        Language::English => Labels {
            title: match game {
                GameKind::Chess => "Chess scoresheet",
                GameKind::Draughts => "Draughts scoresheet",
            },
            event: "Event",
            date: "Date",
            round: "Round",
            board: "Board",
            white: "White",
            black: "Black",
            name: "Name",
            rating: "Rating",
            club: "Club",
            result: "Result",
            number: "No.",
            clock: "clock",
            signature_white: "White’s signature",
            signature_black: "Black’s signature",
            page: "Page",
            footer: "Original: to be handed to the arbiter — Copy: kept by the player",
            // The FIDE scoresheet symbol, as the project's English records carry it.
            draw_offer: " (=)",
        },
    }
}
