// built by clients/web (npm run build)
