module github.com/go-smile/smile

go 1.24
