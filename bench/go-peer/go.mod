module layoutd/bench/go-peer

go 1.19
