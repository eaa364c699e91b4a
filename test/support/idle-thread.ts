/** A worker that ends at once without a word: a module that does not serve the work it was started for. */
export {};
