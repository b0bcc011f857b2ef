# The web application and its Celery worker (docker-compose.yml runs both from this image).
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 VAR_DIR=/app/var
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
RUN SECRET_KEY=build python manage.py collectstatic --no-input
# The translations compiled (.mo files are not in git) with Debian's msgfmt, removed afterwards.
RUN apt-get update && apt-get install -y --no-install-recommends gettext \
    && SECRET_KEY=build python manage.py compilemessages --verbosity 0 \
    && apt-get purge -y gettext && apt-get autoremove -y && rm -rf /var/lib/apt/lists/*
RUN useradd --system --home /app chess && mkdir -p /app/var && chown -R chess /app/var
USER chess
EXPOSE 8000
CMD ["gunicorn", "config.wsgi", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
