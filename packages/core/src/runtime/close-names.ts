/** Edit distance (insertions, deletions, substitutions) between two short strings. */
function editDistance(first: string, second: string): number {
  let previous = Array.from({ length: second.length + 1 }, (_, index) => index);
  for (let row = 1; row <= first.length; row++) {
    const current = [row];
    for (let column = 1; column <= second.length; column++) {
      const substitution = (previous[column - 1] ?? 0) + (first[row - 1] === second[column - 1] ? 0 : 1);
      current.push(Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[second.length] ?? 0;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * The candidates a mistyped path most likely meant, closest first, at most `limit`: the same path
 * or file name ignoring case, or a few characters apart.
 * @example closeNames('reference/forms.md', ['references/FORMS.md', 'scripts/run.py']) // ['references/FORMS.md']
 */
export function closeNames(target: string, candidates: readonly string[], limit = 5): string[] {
  const wanted = target.toLowerCase();
  const scored = candidates.flatMap((candidate) => {
    const lower = candidate.toLowerCase();
    if (lower === wanted || baseName(lower) === baseName(wanted)) return [{ candidate, score: 0 }];
    const distance = editDistance(lower, wanted);
    return distance <= Math.max(2, Math.floor(wanted.length / 4)) ? [{ candidate, score: distance }] : [];
  });
  return scored
    .sort((first, second) => first.score - second.score || (first.candidate < second.candidate ? -1 : 1))
    .slice(0, limit)
    .map((entry) => entry.candidate);
}
