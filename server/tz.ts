// The home's wall clock (domain/clock.ts): China's time unless TZ says otherwise. Imported first by
// the server's entry points, before anything reads a date (Node re-reads TZ when it is set).
process.env.TZ ||= 'Asia/Shanghai';
