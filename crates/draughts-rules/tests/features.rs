//! The optional features: `serde` (squares as numbers, positions as FEN) and `arbitrary`
//! (positions from random legal play). Run with `--all-features`.

#[cfg(feature = "serde")]
#[test]
fn serde_forms() {
    use draughts_rules::{Move, Position, Square};

    assert_eq!(serde_json::to_string(&Square::new(32)).unwrap(), "32");
    assert_eq!(serde_json::from_str::<Square>("7").unwrap(), Square::new(7));
    assert_eq!(
        serde_json::from_str::<Square>("\"07\"").unwrap(),
        Square::new(7)
    );
    assert!(serde_json::from_str::<Square>("51").is_err());

    let pos: Position = "B:W6,9,K31:BK17,K24".parse().unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, "\"B:W6,9,K31:BK17,K24\"");
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    assert!(serde_json::from_str::<Position>("\"W:W51:B\"").is_err());

    let pos: Position = "W:W36,42:B18,19,27,28,37,38".parse().unwrap();
    for mv in pos.legal_moves().iter() {
        let json = serde_json::to_string(mv).unwrap();
        let back: Move = serde_json::from_str(&json).unwrap();
        assert!(back.same_path(mv), "{json}");
    }
    let json = serde_json::to_string(&pos.legal_moves()[0]).unwrap();
    assert_eq!(
        json,
        r#"{"from":42,"to":24,"path":[31,22,13,24],"captured":[18,19,27,37]}"#
    );
    let quiet = Move::quiet(Square::new(32), Square::new(28));
    assert_eq!(
        serde_json::to_string(&quiet).unwrap(),
        r#"{"from":32,"to":28,"path":[28],"captured":[]}"#
    );
    assert!(
        serde_json::from_str::<Move>(r#"{"from":42,"to":24,"path":[31,24],"captured":[37]}"#)
            .is_err()
    );
}

#[cfg(feature = "arbitrary")]
#[test]
fn arbitrary_positions_are_reachable() {
    use arbitrary::{Arbitrary, Unstructured};
    use draughts_rules::{Move, Position};

    let mut rng = testkit::Rng::new(0x2545_f491_4f6c_dd1d);
    for _ in 0..50 {
        let bytes = rng.bytes(4096);
        let mut u = Unstructured::new(&bytes);
        let pos = Position::arbitrary(&mut u).unwrap();
        testkit::assert_round_trip(&[pos]);
        let mv = Move::arbitrary(&mut u).unwrap();
        assert!(mv.path().last() == Some(&mv.to()));
    }
}
