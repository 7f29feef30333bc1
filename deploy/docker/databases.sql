-- docker-compose only: one PostgreSQL database per service. The postgres image creates the first
-- (`directory`, POSTGRES_DB); the `databases` job runs this file on every start and creates the
-- others where they are missing, also in a data volume made before a service was added.
SELECT 'CREATE DATABASE inbox' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'inbox')\gexec
SELECT 'CREATE DATABASE templates' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'templates')\gexec
SELECT 'CREATE DATABASE campaigns' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'campaigns')\gexec
SELECT 'CREATE DATABASE analytics' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'analytics')\gexec
