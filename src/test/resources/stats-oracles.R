options(digits=17)
# geometric mean over workloads, by R
b1 <- c(509.00912308693, 501.88456201553, 501.46281981468); c1 <- c(506.84527802467, 504.29637002945, 503.30119299889)
b2 <- c(2.633, 2.70, 2.61, 2.68); c2 <- c(2.70, 2.79, 2.66, 2.75)
s <- list(b1, c1, b2, c2); v <- sapply(s, function(x) var(log(x))/length(x)); n <- sapply(s, length)
d <- mean(c(mean(log(c1)) - mean(log(b1)), mean(log(c2)) - mean(log(b2))))
V <- sum(v); se <- sqrt(V)/2; df <- V^2/sum(v^2/(n-1)); q <- qt(0.975, df)
print(c(change=expm1(d)*100, low=expm1(d-q*se)*100, high=expm1(d+q*se)*100, p=2*pt(-abs(d)/se, df)))
# HL with ties on logs, as wilcox.test's exact branch computes its interval
x <- log(c(1.0, 1.1, 1.1, 1.2, 1.0, 1.1, 1.3, 1.1, 1.0, 1.2)); y <- log(c(1.1, 1.2, 1.1, 1.3, 1.2, 1.1, 1.2, 1.4, 1.2, 1.1))
m <- length(x); nn <- length(y); dd <- sort(outer(y, x, "-")); qu <- qwilcox(0.025, m, nn)
print(c(estimate=median(dd), low=dd[qu], high=dd[m*nn - qu + 1], qu=qu))
# runs needed: smallest n with (qt(0.975, df*n/nnow) + qnorm(0.8)) * se*sqrt(nnow/n) <= target, Welch on logs
b <- log(c(1.00, 1.03, 0.98, 1.02, 0.99)); cc <- log(c(1.01, 1.05, 0.99, 1.04, 1.00))
tt <- t.test(cc, b, var.equal=FALSE); est <- mean(cc) - mean(b); se <- sqrt(var(b)/5 + var(cc)/5); df <- tt$parameter
T <- 1; up <- log1p(T/100); lo <- log1p(-T/100); target <- max(min(up - est, est - lo), abs(est))
nn <- 6:10000; ok <- (qt(0.975, df*nn/5) + qnorm(0.8))*se*sqrt(5/nn) <= target
print(c(est=est, se=se, df=unname(df), target=target, runs=min(nn[ok])))
