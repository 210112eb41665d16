//! A seeded generator for tests.

/// Marsaglia's xorshift64: small, fast, no dependency, and the same sequence on every machine,
/// so a test that draws from it replays exactly from its seed. Not for anything but tests.
///
/// # Examples
///
/// ```
/// let mut rng = testkit::Rng::new(0x5eed);
/// let moves = ["e4", "d4", "c4"];
/// let first = *rng.pick(&moves);
/// assert!(moves.contains(&first));
/// assert!(rng.below(10) < 10);
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator starting from `seed`.
    ///
    /// # Panics
    ///
    /// When `seed` is 0, the one state xorshift never leaves.
    #[track_caller]
    pub const fn new(seed: u64) -> Self {
        assert!(seed != 0, "xorshift needs a seed other than 0");
        Self(seed)
    }

    /// The next 64 bits.
    pub const fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`; the small bias of the modulo does not matter to a test.
    ///
    /// # Panics
    ///
    /// When `n` is 0.
    #[track_caller]
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0) has no value to give");
        (self.next_u64() % n as u64) as usize
    }

    /// `true` about `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// One element of `items`, drawn with [`Rng::below`].
    ///
    /// # Panics
    ///
    /// When `items` is empty.
    #[track_caller]
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A random line of play: up to `plies` moves from `start`, each drawn with
    /// [`Rng::pick`] from the `legal` moves of its position and then `play`ed, with the
    /// position before it. It ends early where no move is legal. One draw per move, so a test
    /// that also draws for itself between lines replays the same.
    ///
    /// # Examples
    ///
    /// The race to ten: add one or two to a running total.
    ///
    /// ```
    /// let mut rng = testkit::Rng::new(3);
    /// let legal = |total: &u8| (1..=2).filter(|step| total + step <= 10).collect::<Vec<u8>>();
    /// let line = rng.random_line(&0u8, 100, legal, |total, step| *total += step);
    /// let (last, step) = line.last().unwrap();
    /// assert_eq!(last + step, 10);
    /// assert!(line.windows(2).all(|w| w[0].0 + w[0].1 == w[1].0));
    /// ```
    pub fn random_line<P, M, L>(
        &mut self,
        start: &P,
        plies: usize,
        mut legal: impl FnMut(&P) -> L,
        mut play: impl FnMut(&mut P, &M),
    ) -> Vec<(P, M)>
    where
        P: Clone,
        M: Clone,
        L: std::ops::Deref<Target = [M]>,
    {
        let mut position = start.clone();
        let mut line = Vec::new();
        for _ in 0..plies {
            let moves = legal(&position);
            if moves.is_empty() {
                break;
            }
            let mv = self.pick(&moves).clone();
            line.push((position.clone(), mv.clone()));
            play(&mut position, &mv);
        }
        line
    }

    /// `len` random bytes, for inputs that must hold anything.
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next_u64() as u8).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    /// The sequence the tests of the workspace were written against: changing the generator
    /// would change what every random test checks.
    #[test]
    fn the_sequence_is_marsaglias_xorshift64() {
        let mut rng = Rng::new(1);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                1_082_269_761,
                1_152_992_998_833_853_505,
                11_177_516_664_432_764_457
            ]
        );
    }

    #[test]
    fn below_stays_below() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        assert!((0..1000).all(|_| rng.below(7) < 7));
    }
}
