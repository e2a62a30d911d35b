// The parts of wink-naive-bayes-text-classifier the assistant uses (the package ships no types).
declare module 'wink-naive-bayes-text-classifier' {
  interface NaiveBayesTextClassifier {
    defineConfig(cfg: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    definePrepTasks(tasks: ((input: unknown) => unknown)[]): number;
    learn(input: string[], label: string): boolean;
    consolidate(): boolean;
    computeOdds(input: string[]): [string, number][];
    predict(input: string[]): string;
    exportJSON(): string;
    importJSON(json: string): boolean;
  }
  export default function naiveBayesTextClassifier(): NaiveBayesTextClassifier;
}
