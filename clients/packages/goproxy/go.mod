module github.com/tablero/tablero/clients/packages/goproxy

go 1.26.0

require golang.org/x/mod v0.43.0
