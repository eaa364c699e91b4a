/** A worker that fails as a measuring thread would on a bad table: at once, with a sentence. */
throw new Error('this measuring thread cannot read its table');
