// A fake OpenAI-compatible audio server for tests (filled in next).
export {};
