module bleuprint-go-port

go 1.19
