FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml constraints.txt README.md ./
COPY arbiter ./arbiter
COPY pairing ./pairing
RUN pip install --no-cache-dir -c constraints.txt .
COPY manage.py ./
COPY templates ./templates
COPY static ./static
RUN SECRET_KEY=build python manage.py collectstatic --noinput -v0
EXPOSE 8000
# One container on its own migrates, then serves; docker-compose.yml migrates once in a service
# of its own and gives the app servers and the task worker their own commands.
CMD ["sh", "-c", "python manage.py migrate --noinput && gunicorn arbiter.wsgi --bind 0.0.0.0:8000 --workers 3 --access-logfile -"]
