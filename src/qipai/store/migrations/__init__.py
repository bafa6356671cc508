"""Alembic migrations, shipped inside the package and applied by ``qipai.store.migrate``."""
