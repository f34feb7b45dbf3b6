//! "Did you mean ...?": the known name closest to a misspelt one.

/// The candidate closest to `word` by edit distance (a swap of two neighbours counts as
/// one edit), if it is close enough to be a likely typo: at most a third of its length.
pub fn closest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let limit = (word.chars().count() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        if candidate.len().abs_diff(word.len()) > limit {
            continue;
        }
        let d = distance(word, candidate);
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// "; did you mean `x`?" when a candidate is close, else "".
pub fn did_you_mean<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> String {
    closest(word, candidates).map_or(String::new(), |c| format!("; did you mean `{c}`?"))
}

/// Optimal string alignment distance, in characters. Only called on short words.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_the_closest_known_name() {
        let fields = ["strength_min", "strength_max", "strength_in", "parity"];
        assert_eq!(closest("strenght_max", fields), Some("strength_max"));
        assert_eq!(closest("parity", fields), Some("parity"));
        assert_eq!(closest("copis", ["copies", "id"]), Some("copies"));
        assert_eq!(closest("zzz", fields), None);
        assert_eq!(
            did_you_mean("hooded_lanter", ["hooded_lantern"]),
            "; did you mean `hooded_lantern`?"
        );
    }
}
