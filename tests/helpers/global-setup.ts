export default function setup() {
  if (process.env.TEST_DATABASE_URL) {
    console.log(`\n[payewise] PostgreSQL leg ON: integration tests also run against ${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')}\n`);
  } else {
    console.log('\n[payewise] PostgreSQL leg SKIPPED: TEST_DATABASE_URL is not set, so integration tests run on PGlite only.\n');
  }
}
